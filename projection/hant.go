package projection

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Traditional Chinese.
//
// The Chinese readings (rule words, values, choices, questions) are
// written in simplified characters; a user in Taiwan or Hong Kong writes
// the same words in traditional ones ("不要刪", "row group 改 64 MB",
// "頻率加倍", "確認"). The deterministic proposer reads such a message
// through its simplified form: each traditional character that has a
// simplified one is replaced by it, character for character, and the
// proposals' text is given back in the message's own characters, so a
// quote stays verbatim. Text with kana is Japanese, whose kanji are read
// as they are. Keys and links are kept in the simplified form, so a
// setting or rule named in two messages has one key.
//
// The table is this package's own, written for the characters of the
// readings and the words near them in developer chat; it is not a full
// conversion (a character missing from it is read as it is).

// hantPairs lists simplified and traditional characters pairwise.
const hantPairs = "万萬与與严嚴个個临臨为為么麼们們价價优優会會传傳侧側倾傾关關内內写寫决決冻凍准準减減则則刚剛删刪别別" +
	"办辦务務动動区區单單卖賣压壓参參发發发髮变變启啟号號吗嗎后後图圖坏壞块塊处處复復复複够夠头頭学學实實宽寬对對导導" +
	"将將尝嘗尽盡层層带帶帮幫干乾干幹并並库庫应應废廢开開弃棄张張强強归歸当當录錄径徑怀懷总總悬懸戏戲户戶扩擴扫掃" +
	"报報担擔择擇挂掛损損换換撑撐数數无無旧舊时時昼晝显顯暂暫朴樸杂雜杆桿杠槓条條来來构構标標样樣没沒测測涨漲" +
	"溃潰滚滾满滿点點烟煙烦煩环環现現画畫监監盘盤着著确確礼禮种種称稱笔筆签簽紧緊级級线線练練组組终終经經结結" +
	"给給统統继繼续續维維缓緩缩縮网網脚腳腾騰虑慮虽雖补補装裝规規觉覺计計认認训訓记記许許设設试試话話该該误誤" +
	"说說请請读讀谁誰调調败敗货貨贵貴费費赖賴转轉输輸达達迁遷过過运運还還这這远遠连連迟遲适適选選采採里裡里裏" +
	"钟鐘钟鍾钮鈕销銷错錯长長问問间間阈閾随隨项項顺順须須题題额額飘飄验驗骤驟档檔资資预預执執检檢绝絕盖蓋让讓" +
	"从從机機于於见見两兩双雙几幾亿億进進财財钱錢买買书書车車东東门門队隊阵陣际際陆陸险險云雲电電气氣节節范範" +
	"简簡类類愿願页頁领領频頻风風饭飯馆館体體齐齊龙龍儿兒册冊划劃创創劳勞势勢协協卫衛厂廠历歷历曆双雙员員团團" +
	"园園围圍圆圓场場梦夢妈媽宝寶审審专專寻尋届屆属屬岁歲岛島币幣广廣弹彈征徵忆憶战戰抛拋舍捨扬揚摇搖拥擁击擊" +
	"挡擋据據拟擬挤擠扰擾摄攝敌敵断斷畅暢晓曉极極乐樂树樹桥橋权權欢歡残殘杀殺毁毀况況净淨浅淺沟溝温溫灭滅" +
	"滞滯汉漢洁潔泽澤浓濃济濟湾灣灾災热熱灯燈营營炉爐争爭墙牆状狀独獨获獲产產叠疊码碼碍礙稳穩穷窮竞競筑築" +
	"粮糧系係系繫纪紀约約红紅纸紙细細绑綁绿綠编編罚罰职職联聯声聲听聽脑腦兴興举舉华華叶葉术術冲衝制製视視" +
	"亲親览覽观觀触觸订訂讯訊讨討诉訴注註证証评評词詞详詳课課谈談论論识識议議护護责責质質购購贴貼军軍软軟" +
	"载載较較轻輕违違遗遺邮郵医醫释釋针針银銀铺鋪键鍵锁鎖链鏈闭閉阅閱阳陽阶階隐隱离離难難静靜响響顶頂颜顏" +
	"顾顧飞飛余餘储儲债債备備伤傷仅僅仪儀台臺台颱台檯周週只隻面麵占佔游遊表錶发髮状狀兑兌测測证證态態陈陳义義帐帳账賬辑輯筛篩赛賽闪閃闲閒闻聞阀閥顿頓颗顆驱驅驾駕鸡雞麦麥齿齒龄齡讲講访訪诊診询詢语語谓謂谢謝谱譜贝貝负負贷貸贺賀赚賺赔賠趋趨跃躍践踐轮輪轴軸辆輛边邊逻邏遥遙邻鄰钉釘钢鋼钥鑰铁鐵锅鍋镜鏡阴陰雾霧韩韓饱飽馈饋驶駛骗騙鱼魚鲜鮮鸟鳥黄黃"

// hantToHans maps a traditional character to its simplified one; both
// take the same number of UTF-8 bytes, so a byte offset into the
// simplified form is one into the message.
var hantToHans = func() map[rune]rune {
	m := map[rune]rune{}
	rs := []rune(hantPairs)
	for i := 0; i+1 < len(rs); i += 2 {
		s, t := rs[i], rs[i+1]
		if s != t && utf8.RuneLen(s) == utf8.RuneLen(t) {
			m[t] = s
		}
	}
	return m
}()

// hansOf is text with its traditional characters simplified, and for
// each simplified character it wrote, the traditional one the message
// has there (none where the message also has the simplified one, or two
// traditional ones for it). ok is false for text with no traditional
// character of the table, and for Japanese (kana).
func hansOf(text string) (hans string, back map[rune]rune, ok bool) {
	if !hasCJKLead(text) {
		// no character of U+3000–U+9FFF: nothing to read (a byte scan,
		// cheap on the long outputs most text is)
		return "", nil, false
	}
	found := false
	for _, r := range text {
		if unicode.In(r, unicode.Hiragana, unicode.Katakana) {
			return "", nil, false
		}
		if _, t := hantToHans[r]; t {
			found = true
		}
	}
	if !found {
		return "", nil, false
	}
	back = map[rune]rune{}
	ambiguous := map[rune]bool{}
	hans = strings.Map(func(r rune) rune {
		s, t := hantToHans[r]
		if !t {
			if _, seen := back[r]; seen {
				ambiguous[r] = true
			}
			return r
		}
		if prev, seen := back[s]; seen && prev != r {
			ambiguous[s] = true
		}
		back[s] = r
		return s
	}, text)
	for r := range ambiguous {
		delete(back, r)
	}
	// a simplified character the message writes itself, before the
	// traditional one, is ambiguous too
	for _, r := range text {
		if _, ok := back[r]; ok {
			delete(back, r)
		}
	}
	return hans, back, true
}

// unHans gives the proposals' text back in the message's characters
// (hansOf's back); keys and links stay simplified.
func unHans(props []Proposal, back map[rune]rune) []Proposal {
	if len(back) == 0 {
		return props
	}
	f := func(s string) string {
		return strings.Map(func(r rune) rune {
			if t, ok := back[r]; ok {
				return t
			}
			return r
		}, s)
	}
	for i := range props {
		p := &props[i]
		p.Name, p.Value, p.Quote, p.Was, p.Because = f(p.Name), f(p.Value), f(p.Quote), f(p.Was), f(p.Because)
		p.Scope, p.Replaces, p.Rel = f(p.Scope), f(p.Replaces), f(p.Rel)
	}
	return props
}

// hasCJKLead reports whether text holds a UTF-8 lead byte of U+3000–U+9FFF
// (kana and the CJK ideographs: 0xE3–0xE9).
func hasCJKLead(text string) bool {
	for i := 0; i < len(text); i++ {
		if b := text[i]; b >= 0xE3 && b <= 0xE9 {
			return true
		}
	}
	return false
}
