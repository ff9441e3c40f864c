package projection

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Arabic cues (lexicon.go): Modern Standard Arabic and the Gulf,
// Levantine and Egyptian colloquial a developer writes in chat, mixed
// with English terms and code. Arabic is read word by word, as Russian
// is, with what its script needs besides:
//
//   - a word is its letters with their marks: the harakat, tanween and
//     shadda (U+064B–U+065F, U+0670) and the tatweel (U+0640), which
//     unicode.IsLetter does not all count as letters, stay inside the
//     word ("تعدّل" is one word); a word is matched without them and
//     with its spelling variants folded (arNorm: أ إ آ ٱ as ا, ى as ي,
//     ة as ه), so "أبداً", "ابدا" and "أبدا" are one cue. The gloss
//     drops the marks of the words it keeps, so the readings see plain
//     letters; every quote maps back to the user's bytes, marks and all;
//   - the proclitics glued to a word (و and, ف so, ب, ل, the article ال
//     and their runs "وال", "بال", "لل") are cut off a word the lexicon
//     knows only without them ("وممنوع", "ولا تنسى", Levantine "ما
//     بيشتغل"), their gloss written before the cue's ("and do not"); a
//     word the lexicon knows whole is never cut ("بدل", "بس", "لازم"),
//     nor is ك ("كانت" is no "انت"), nor the article off a unit
//     ("اليوم" is today);
//   - ، ؛ ؟ end a clause and are glossed "," ";" "?", ٪ is "%", the
//     bidirectional marks (U+200E, U+200F, U+061C, embeddings and
//     isolates) are dropped from the gloss, and Arabic-Indic digits are
//     read as plain digits (numbers.go: "٤٠" 40, "٢٫٥" 2.5);
//   - "لا" opening a clause before a verb of the second person (ت…) or
//     an English word is a prohibition ("لا تعدّل", "لا push"), as
//     dialect "ما" is before such a verb ("ما تلمس") unless the verb
//     tells what a thing does ("ما تشتغل"), and Egyptian "متلمسش";
//     elsewhere "لا" is a plain "not" ("الخدمة لا تعمل"), alone an
//     answer ("لا."), and "ولا" inside a clause is "or" ("Redis ولا
//     Memcached؟"); a modal before a negation is "must not" ("يجب ألا",
//     "لازم ما"); "أبداً" with a prohibition makes it "never" (fixAR);
//   - "بس" is "but" opening a clause or before a negation and "only" at
//     a clause's end; "نصّف" opening a clause is "halve", elsewhere "نصف"
//     is a half ("نص ساعة"); "خلاص" alone is "forget it", with more
//     words "ok"; "إذا" after a cue of not knowing is "whether";
//   - a rule relayed ("سلمى تقول لا تغيّر …", "قال لي مازن ما تلمس …")
//     opens after who relays it; "ممنوع" opening a clause is "do not",
//     elsewhere "is forbidden";
//   - a setting: "اضبط/غيّر/حط X على/إلى 40 ثانية" is "set the X to 40
//     seconds", "خلّي X 40" "make the X 40", "زوّد X بـ 20" "increase the
//     X by 20", and with no preposition before the number ("حط المهلة
//     ٥", "خلّ الذاكرة 2GB", "زوّد المهلة ٢٠ ثانية") the same; a setting
//     told first, then set ("والذاكرة خليها 4GB") is "and set the الذاكرة
//     to 4GB", never "make it" of the value before; "قلّل X للنص" is "cut the X
//     in half", "ضاعف X" "double the X", "رجّع X زي ما كان" "put the X
//     back"; a unit's dual is its number ("دقيقتين" 2 minutes); the
//     article of a noun's complement is dropped ("عدد الـ workers": "عدد
//     workers").
//
// Detection (detectLang) reads a message as Arabic by its script, not by
// its function words: at least two words of Arabic letters and more
// than the English function words (one word, with no English one, in a
// short message). Persian, Urdu, Pashto and Kurdish share the script;
// a message holding a letter or digit they write and Arabic does not
// (ی ک ے ہ ں ٹ ڈ ڑ ژ ۃ ۀ ە, ۰–۹ …) is in no language a lexicon reads, so
// their words are never read as Arabic cues. A Persian message typed
// with the Arabic keyboard's ي and ك alone cannot be told so cheaply and
// is read as Arabic.
var lexAR = []lexEntry{
	// prohibitions ("لا" and "ما" before a verb: fixAR)
	{catNever, "never", "أبدا أبداً ابدا ابداً بتاتا بتاتاً نهائيا نهائياً إطلاقا اطلاقا مطلقا إياك اياك اوعى اوعك"},
	{catNever, "never", "لا_أبدا لا_ابدا ولا_مرة"},
	{catNever, "is forbidden", "ممنوع ممنوعة يمنع يُمنع محظور محظورة ممنوع_منعا_باتا"},
	{catNever, "must not", "لا_يجوز ما_يجوز ما_يصير مايصير ما_يصح ماينفعش ما_ينفعش مينفعش غير_مسموح مش_مسموح مو_مسموح مب_مسموح ما_هو_مسموح لا_يسمح لا_يُسمح ممنوع_عليك حرام_عليك"},
	{catNever, "not", "مش مو مب موب ليس ليست لم لن"},
	{catNever, "no", "بلاش"},
	{catMust, "must", "لازم يجب ضروري ضرورية لابد لا_بد لا_بد_من يلزم يتوجب ينبغي لازم_عليك يجب_عليك عليك_أن"},
	{catMust, "make sure", "تأكد تأكدي تأكدوا اتأكد تأكد_إن تأكد_أن تأكد_من اتأكد_إن خليك_متأكد احرص"},
	{catMust, "always", "دائما دائماً دايما دايماً دايم دوم على_طول_الخط باستمرار كل_مرة في_كل_مرة"},
	{catMust, "only", "فقط حصرا حصراً لا_غير بس_لا_غير"},
	{catMust, "from now on", "من_الآن من_الان من_الحين من_هلأ من_هلق من_دلوقتي من_اليوم من_الآن_فصاعدا من_الآن_وصاعدا من_الحين_ورايح من_اليوم_ورايح من_هلأ_ورايح بعد_كذا بعد_هيك بعد_كده"},
	{catUse, "use", "استخدم استخدمي استخدموا استعمل استعملي استعملوا استخدمه استخدمها استعمله استعملها اعتمد_على"},
	{catUse, "let's use", "نستخدم بنستخدم رح_نستخدم حنستخدم نستعمل"},
	{catUse, "prefer", "أفضل الأفضل فضل"},
	{catChoice, "let's go with", "خلينا_ناخذ خلينا_نأخذ خلينا_نختار خلينا_نروح_مع خلينا_نمشي_مع خلينا_نستخدم خلونا_نستخدم خلونا_ناخذ خلونا_نروح_مع نروح_مع نمشي_مع نختار بنختار اخترنا قررنا نعتمد لنعتمد نثبت_على نستقر_على يلا_على رح_ناخذ حناخد ناخذ ناخد نأخذ"},
	{catInstead, "instead of", "بدل بدال بدلا_من بدلاً_من بدل_ما عوضا_عن عوضاً_عن عوض_عن"},
	{catInstead, "switch to", "حول_إلى حول_على انتقل_إلى انتقل_الى انقل_إلى غير_إلى_استخدام"},
	{catExcept, "except", "إلا الا ما_عدا ماعدا عدا"},
	{catExcept, "except for", "باستثناء ما_عدا_عن"},
	{catExcept, "unless", "إلا_إذا الا_اذا إلا_لو الا_لو ما_لم"},
	{catExcept, "the rest", "الباقي البقية الباقين"},
	// lifts
	{catLift, "no longer need to", "ما_عاد_لازم ما_عاد_ضروري ماعاد_لازم لم_يعد_ضروريا لم_يعد_ضرورياً لم_يعد_لازما ما_عاد_في_داعي ما_عاد_يحتاج ما_عاد_تحتاج ما_عدت_تحتاج"},
	{catLift, "don't need to", "مش_لازم مو_لازم مب_لازم ما_لازم مش_ضروري مو_ضروري ليس_ضروريا لا_داعي ما_في_داعي مافي_داعي ما_يحتاج ما_تحتاج مش_محتاج"},
	{catLift, "no longer", "ما_عاد ماعاد ما_عادش لم_يعد لم_تعد ما_عدنا ما_عدت"},
	{catLift, "you can now", "ما_عاد_ممنوع ماعاد_ممنوع لم_يعد_ممنوعا لم_يعد_ممنوعاً لم_يعد_ممنوع ما_عاد_محظور الآن_مسموح الان_مسموح الحين_مسموح دلوقتي_مسموح هلأ_مسموح صار_مسموح أصبح_مسموحا أصبح_مسموحاً بقى_مسموح صار_عادي"},
	{catLift, "is allowed now", "مسموح_الحين مسموح_الآن مسموح_الان مسموح_دلوقتي مسموح_هلأ"},
	{catLift, "you can", "تقدر تقدري تقدرين تقدروا تقدرون بتقدر بتقدري يمكنك يمكنكم ممكن بإمكانك بامكانك باستطاعتك تستطيع يمديك تگدر"},
	{catLift, "now", "الحين الآن الان دلوقتي دلوقت هلأ هلق هسه هسا حاليا حالياً"},
	{catLift, "again", "مرة_ثانية مرة_تانية مرة_أخرى مرة_اخرى من_جديد مجددا مجدداً كمان_مرة تاني ثاني"},
	{catLift, "allowed", "مسموح مسموحة مسموح_لك مسموح_لكم"},
	// settings and relative changes
	{catRelative, "halve it", "نصفه نصفها نصفيه نصفيها نصفوه نصفوها"},
	{catRelative, "half", "نصف نص"},
	{catRelative, "double", "ضاعف ضاعفي ضاعفوا دبل دبّل"},
	{catRelative, "double it", "ضاعفه ضاعفها ضاعفيه ضاعفيها ضاعفوه ضاعفوها دبله دبلها"},
	{catRelative, "twice", "الضعف للضعف ضعفين إلى_الضعف الى_الضعف"},
	{catRelative, "in half", "للنص للنصف إلى_النصف الى_النصف إلى_النص الى_النص على_النص النص_بس على_اثنين على_2"},
	{catRelative, "increase", "زد زيد زود زودي زودوا ارفع ارفعي كبر"},
	{catRelative, "increase it", "زيده زيدها زوده زودها ارفعه ارفعها كبره كبرها"},
	{catRelative, "reduce", "قلل قللي قللوا نقص نقصي خفض خفضي خفف خففي صغر قصر"},
	{catRelative, "reduce it", "قلله قللها نقصه نقصها خفضه خفضها خففه خففها صغره صغرها قصره قصرها"},
	{catRelative, "set", "اضبط اضبطي اضبطوا عين عيني حدد حددي حط حطي غير غيري عدل عدلي ظبط"},
	{catRelative, "set it", "اضبطه اضبطها عينه عينها حطه حطها غيره غيرها عدله عدلها ظبطه ظبطها"},
	{catRelative, "make", "خلي خل اجعل اجعلي خلّي"},
	{catRelative, "make it", "خليه خليها خليهم اجعله اجعلها خليه_على خليها_على"},
	{catRelative, "put", "رجع رجعي رجعوا ارجع أرجع أعد اعد أعيدي اعيدي"},
	{catRelative, "put it", "رجعه رجعها رجعيه رجعيها رجعوه رجعوها رجعهم أعده أعدها اعده اعدها"},
	{catRelative, "back", "زي_ما_كان زي_ما_كانت زي_ما_كانوا زي_ما_كانو زي_ما_كان_قبل زي_ما_كانت_قبل كما_كان كما_كانت كما_كانت_سابقا مثل_ما_كان مثل_ما_كانت متل_ما_كان متل_ما_كانت زي_الأول زي_أول زي_قبل مثل_قبل كالسابق"},
	{catRelative, "back to the old value", "للقيمة_القديمة للقيمة_السابقة للقيمة_الأصلية إلى_القيمة_السابقة الى_القيمة_السابقة إلى_القيمة_القديمة الى_القيمة_القديمة على_القيمة_القديمة على_القيمة_السابقة للقديم"},
	{catRelative, "by", "بمقدار"},
	{catRelative, "to", "إلى الى لـ"},
	{catRelative, "on", "على"},
	{catRelative, "from", "من"},
	{catRelative, "seconds", "ثانية ثواني ثوان ثوانٍ ثانيه"},
	{catRelative, "2 seconds", "ثانيتين ثانيتان"},
	{catRelative, "minutes", "دقيقة دقائق دقايق دقيقه"},
	{catRelative, "2 minutes", "دقيقتين دقيقتان"},
	{catRelative, "hours", "ساعة ساعات ساعه"},
	{catRelative, "2 hours", "ساعتين ساعتان"},
	{catRelative, "days", "يوم أيام ايام"},
	{catRelative, "2 days", "يومين يومان"},
	{catRelative, "weeks", "أسبوع اسبوع أسابيع اسابيع"},
	{catRelative, "2 weeks", "أسبوعين اسبوعين"},
	{catRelative, "ms", "ملي_ثانية مللي_ثانية ميلي_ثانية"},
	{catRelative, "percent", "بالمية بالمئة بالمائة في_المية في_المئة في_المائة"},
	// a correction of a number said mid-sentence ("٥، لا لحظة، ٧")
	{catRelative, "no wait", "لا_لحظة لا_استنى لا_اصبر لا_لا"},
	{catRelative, "wait", "لحظة استنى اصبر"},
	{catRelative, "i mean", "اقصد أقصد قصدي أعني اعني"},
	// questions
	{catQuestion, "still unclear", "لسه_مش_عارف لسه_مش_عارفة لسا_مش_عارف لسه_ما_أدري لسه_ما_ادري لسا_ما_بعرف لسه_ما_اعرف لسه_مش_متأكد لسا_مش_متأكد لسه_مو_متأكد لسه_مب_متأكد لسه_ما_قررت لسه_ما_قررنا لسا_ما_قررنا لسه_ما_حددنا بعد_ما_قررنا ما_زلت_لا_أعرف لا_أزال_لا_أعرف لم_نقرر_بعد لم_أقرر_بعد ما_زلنا_لا_نعرف مش_عارف_لسه"},
	{catQuestion, "I don't know", "ما_أدري ما_ادري مدري ماادري مش_عارف مش_عارفة مو_عارف ما_اعرف ما_أعرف ما_بعرف مابعرف ماعرف لا_أعرف لا_اعرف معرفش ماعرفش مش_فاهم"},
	{catQuestion, "not sure", "مش_متأكد مش_متأكدة مو_متأكد مو_متأكدة مب_متأكد غير_متأكد لست_متأكدا لست_متأكداً ماني_متأكد مانيش_متأكد"},
	{catQuestion, "open question", "سؤال_مفتوح مسألة_مفتوحة نقطة_مفتوحة"},
	{catQuestion, "question", "سؤال"},
	{catQuestion, "unclear", "غير_واضح مش_واضح مو_واضح"},
	{catQuestion, "whether", "هل"},
	{catQuestion, "or not", "ولا_لا ولا_لأ أو_لا او_لا"},
	{catQuestion, "still", "لسه لسا لسّه ما_زال مازال"},
	{catChoice, "the first one", "الأول الاول الأولى الاولى"},
	{catChoice, "the second one", "الثاني الثانية التاني التانية"},
	{catChoice, "the third one", "الثالث الثالثة التالت"},
	{catChoice, "option", "الخيار خيار"},
	{catAnswer, "yes", "نعم أيوه ايوه أيوة ايوة أيوا ايوا أكيد بالضبط صح"},
	{catAnswer, "ok", "تمام ماشي طيب اوكي أوكي اوك"},
	{catAnswer, "no", "لاء كلا"},
	{catGiveUp, "forget it", "انس_الموضوع انسى_الموضوع انسي_الموضوع انس_الأمر انسى_الأمر انساها انساه طنش طنشها سيبك_منه سيبك_منها سيبك_من_الموضوع دعك_من_هذا خليها_عنك بلاها ولا_يهمك لا_تهتم_به"},
	{catGiveUp, "don't bother with", "لا_تتعب_نفسك_مع لا_تشغل_بالك_ب"},
	{catDone, "remember to", "لا_تنسى لا_تنسي لا_تنسوا لا_تنس ما_تنسى ما_تنسي ماتنساش متنساش متنسيش تذكر تذكري افتكر افتكري خليك_فاكر"},
	{catDone, "before you finish", "قبل_ما_تخلص قبل_ما_تخلصي قبل_ما_تنهي قبل_ما_تنتهي قبل_أن_تنتهي قبل_ان_تنتهي قبل_الانتهاء قبل_ما_تقفل في_الآخر في_الاخر بالآخر بالاخر في_النهاية"},
	{catDone, "by monday", "قبل_الاثنين قبل_الإثنين قبل_يوم_الاثنين لين_الاثنين لحد_الاثنين بحلول_الاثنين"},
	{catDone, "by tuesday", "قبل_الثلاثاء قبل_يوم_الثلاثاء لين_الثلاثاء لحد_التلات بحلول_الثلاثاء"},
	{catDone, "by wednesday", "قبل_الأربعاء قبل_الاربعاء قبل_يوم_الأربعاء لين_الأربعاء لحد_الأربع بحلول_الأربعاء"},
	{catDone, "by thursday", "قبل_الخميس قبل_يوم_الخميس لين_الخميس لحد_الخميس بحلول_الخميس"},
	{catDone, "by friday", "قبل_الجمعة قبل_يوم_الجمعة لين_الجمعة لحد_الجمعة بحلول_الجمعة"},
	{catDone, "by tomorrow", "قبل_بكرة قبل_بكره قبل_الغد لين_بكرة لحد_بكرة بحلول_الغد"},
	{catDone, "done", "خلصت خلصنا انتهيت انتهينا تم_الأمر جاهز"},
	{catGoal, "goal", "الهدف هدفنا هدفي الغاية المهمة مهمتنا المطلوب"},
	// a change of task (objshift.go): "تغيير في الخطة: …", "الهدف الجديد: …"
	{catGoal, "change of plans", "تغيير_في_الخطة تغيير_الخطة تغير_في_الخطة تعديل_في_الخطة"},
	{catGoal, "plans changed", "تغيرت_الخطة اتغيرت_الخطة الخطة_تغيرت الخطة_اتغيرت"},
	{catGoal, "new goal", "الهدف_الجديد هدف_جديد المهمة_الجديدة مهمة_جديدة"},
	{catGoal, "new priority", "الأولوية_الجديدة الاولوية_الجديدة أولوية_جديدة"},
	{catGoal, "priority", "الأولوية الاولوية"},
	{catGoal, "for later", "لبعدين لوقت_لاحق"},
	{catRelay, "says", "يقول تقول بيقول بتقول يقولون بيقولوا تقولي"},
	{catRelay, "said", "قال قالت قالوا قالي قالتلي قالتلنا قاللي"},
	{catRelay, "according to", "حسب بحسب حسب_كلام على_حد_قول وفقا_ل وفقاً_ل"},
	{catRelay, "asked", "طلبت طلبوا"},
	{catRelay, "wants", "يبغى تبغى يبي تبي عايز عايزة بدو بدها يريد تريد"},
	{catAttempt, "we tried", "جربنا جرّبنا حاولنا جربت جرّبت حاولت"},
	{catAttempt, "made no difference", "ما_فرق ما_فرقت ما_نفع ما_نفعت ما_أثر ما_اثر ما_ساعد ما_ساعدت لم_يفد لم_يساعد بدون_فايدة بدون_فائدة بلا_فايدة بلا_فائدة ما_في_فرق مافي_فرق ما_فيه_فرق ما_جاب_نتيجة منفعش مفرقش ما_غير_شي ما_غير_شيء"},
	{catAttempt, "didn't work", "ما_اشتغل ما_اشتغلت ما_زبط ما_زبطت ما_ظبط ما_ظبطت ما_مشي ما_مشيت ماشتغلش مشتغلش ما_اشتغلش لم_ينجح لم_تنجح لم_يعمل لم_تعمل ما_نجح ما_نجحت فشل فشلت"},
	{catAttempt, "does not work", "ما_يشتغل ما_تشتغل ما_بيشتغل ما_بتشتغل مش_شغال مو_شغال مب_شغال ما_يزبط ما_بيزبط"},
	{catRules, "rules", "القواعد قواعد الشروط شروط القوانين المتطلبات التعليمات الضوابط"},
	// function words
	{catFunction, "and", "و"},
	{catFunction, "or", "أو او"},
	{catFunction, "but", "لكن لكنّ بل بس"},
	{catFunction, "then", "ثم بعدين وبعدين"},
	{catFunction, "also", "أيضا أيضاً ايضا كمان برضو برضه"},
	{catFunction, "please", "من_فضلك لو_سمحت رجاء رجاءً الله_يخليك لو_تكرمت يا_ريت ياريت"},
	{catFunction, "we", "نحن احنا إحنا حنا"},
	{catFunction, "I", "أنا انا"},
	{catFunction, "you", "أنت انت إنت انتي أنتم انتو"},
	{catFunction, "the", "ال"},
	{catFunction, "to the", "لل"},
	{catFunction, "with the", "بال"},
	{catFunction, "and the", "وال"},
	{catFunction, "in", "في"},
	{catFunction, "with", "مع"},
	{catFunction, "without", "بلا بدون"},
	{catFunction, "if", "إذا اذا لو"},
	{catFunction, "as", "كما"},
	{catFunction, "when", "لما"},
	{catFunction, "ok", "خلاص"},
	{catFunction, "today", "اليوم النهارده النهاردة"},
	{catFunction, "", "أن ان"},
}

// stopAR are Arabic function words, left out of terms and slugs as
// English ones are.
const stopAR = `في من على إلى الى عن مع هذا هذه هذي هاد ده دي هو هي هم أنا انا احنا نحن انت أنت و أو او لا ما مش مو بس لكن كل أن ان إن ال الـ اللي الذي التي يا`

// lexiconAR is the Arabic lexicon: its entries folded as its words are
// (arNorm), its words cut of their proclitics (arWords) and its
// punctuation and marks glossed (arMarks).
func lexiconAR() *lexicon {
	entries := make([]lexEntry, len(lexAR))
	for i, e := range lexAR {
		e.words = arNorm(e.words)
		e.en = strings.TrimSpace(e.en)
		entries[i] = e
	}
	lx := compileLexicon(entries, stopAR, fixAR, false)
	known := map[string]bool{}
	for k := range lx.phrases {
		first, _, _ := strings.Cut(k, " ")
		known[first] = true
	}
	lx.tokens = func(text string) []glossTok { return arWords(text, known) }
	lx.marks = arMarks
	return lx
}

// isArabicMark reports whether r is a mark written on an Arabic letter
// (harakat, tanween, shadda, sukun, dagger alef, Quranic marks) or the
// tatweel: part of the word it is in, never a word break.
func isArabicMark(r rune) bool {
	switch {
	case r >= 0x064B && r <= 0x065F, r == 0x0670, r == 0x0640,
		r >= 0x0610 && r <= 0x061A, r >= 0x06D6 && r <= 0x06DC,
		r >= 0x06DF && r <= 0x06E4, r == 0x06E7, r == 0x06E8, r >= 0x06EA && r <= 0x06ED:
		return true
	}
	return false
}

// isBidiMark reports whether r is a bidirectional formatting mark: the
// left-to-right and right-to-left marks, the Arabic letter mark, and the
// embeddings, overrides and isolates.
func isBidiMark(r rune) bool {
	return r == 0x200E || r == 0x200F || r == 0x061C || r >= 0x202A && r <= 0x202E || r >= 0x2066 && r <= 0x2069
}

// isArabicLetter reports whether r is a letter of the Arabic script.
func isArabicLetter(r rune) bool {
	return (r >= 0x0600 && r <= 0x06FF || r >= 0x0750 && r <= 0x077F || r >= 0x08A0 && r <= 0x08FF ||
		r >= 0xFB50 && r <= 0xFDFF || r >= 0xFE70 && r <= 0xFEFF) && unicode.IsLetter(r)
}

// isNotArabic reports whether r is a letter or digit of the Arabic
// script that Persian, Urdu, Pashto, Kurdish or Sindhi write and Arabic
// does not (detectLang).
func isNotArabic(r rune) bool {
	switch r {
	case 'ی', 'ک', 'ے', 'ہ', 'ں', 'ٹ', 'ڈ', 'ڑ', 'ژ', 'ۃ', 'ۀ', 'ە', 'ې', 'ۍ', 'ړ', 'ږ', 'ښ', 'ۆ', 'ێ', 'ڵ', 'ڕ', 'ھ', 'ۓ':
		return true
	}
	return r >= 0x06F0 && r <= 0x06F9
}

// arNorm folds Arabic text for matching: lowercased, its marks, tatweel
// and bidirectional marks dropped, alef with hamza or madda as alef,
// alef maqsura as ya, ta marbuta as ha.
func arNorm(s string) string {
	return strings.Map(func(r rune) rune {
		switch {
		case isArabicMark(r), isBidiMark(r):
			return -1
		}
		switch r {
		case 'أ', 'إ', 'آ', 'ٱ':
			return 'ا'
		case 'ى':
			return 'ي'
		case 'ة':
			return 'ه'
		}
		return unicode.ToLower(r)
	}, s)
}

// arProclitics are the proclitic runs cut off a word, longest first,
// with their gloss.
var arProclitics = []struct{ p, en string }{
	{"وبال", "and "}, {"وال", "and "}, {"فال", "so "}, {"بال", ""}, {"ولل", "and "}, {"فلل", "so "}, {"لل", ""},
	{"وب", "and "}, {"ول", "and "}, {"فب", "so "}, {"فل", "so "},
	{"و", "and "}, {"ف", "so "}, {"ب", ""}, {"ل", ""}, {"ال", ""},
}

// arWords are the words of an Arabic message, marked keep and clauseEnd
// as latinWords marks them: a word is a run of letters and marks of one
// script (an Arabic word glued to an English one, "الـconfig", is two),
// a word glued to code is code, and a word the lexicon knows only
// without its proclitics (known: the first words of its phrases) is
// matched without them (alt), their gloss in clitic. "ب" or "بـ" before a number
// is "by" ("زوّد المهلة بـ 20 ثانية").
func arWords(text string, known map[string]bool) []glossTok {
	var toks []glossTok
	wordRune := func(r rune) bool { return unicode.IsLetter(r) || isArabicMark(r) }
	for i := 0; i < len(text); {
		r, size := utf8.DecodeRuneInString(text[i:])
		if !wordRune(r) {
			if strings.ContainsRune(",;:.!?\n¿¡—،؛؟", r) && len(toks) > 0 {
				toks[len(toks)-1].clauseEnd = true
			}
			i += size
			continue
		}
		ar := isArabicLetter(r) || isArabicMark(r)
		j := i + size
		for j < len(text) {
			r2, s2 := utf8.DecodeRuneInString(text[j:])
			if !wordRune(r2) || !isArabicMark(r2) && (isArabicLetter(r2) != ar) {
				break
			}
			j += s2
		}
		if !ar && (j < len(text) && (text[j] == '_' || text[j] == '/' || text[j] == '.' && j+1 < len(text) && text[j+1] != ' ' && text[j+1] != '\n') ||
			i > 0 && strings.ContainsRune("_/.-`$@", rune(text[i-1]))) {
			// an English word glued to code is code: a word of its own,
			// matched by nothing ("قلل batch_size": "reduce the
			// batch_size")
			if i > 0 && strings.ContainsRune("_/.-`$@", rune(text[i-1])) && len(toks) > 0 && toks[len(toks)-1].end == i-1 {
				i = j
				continue // glued to the word before: read with it
			}
			for j < len(text) && text[j] != ' ' && text[j] != '\n' && text[j] != '\t' {
				j++
			}
			end := j
			for end > i+1 && strings.ContainsRune(",;:.!?", rune(text[end-1])) {
				end--
			}
			toks = append(toks, glossTok{start: i, end: end, low: "\x00", en: text[i:end], keep: true, clauseEnd: end < j, numAfter: numberAfter(text[j:])})
			i = j
			continue
		}
		// en holds the word as written, without its marks, while it is
		// kept (fixAR names a setting by it)
		t := glossTok{start: i, end: j, low: arNorm(text[i:j]), en: stripMarks(text[i:j]), keep: true, numAfter: numberAfter(text[j:])}
		if ar {
			if raw := t.en; raw == "ألا" || raw == "أﻻ" {
				t.low = "ان لا" // "that not", never "except"
			}
			if !known[t.low] {
				for _, c := range arProclitics {
					if rest, ok := strings.CutPrefix(t.low, c.p); ok && utf8.RuneCountInString(rest) >= 2 && known[rest] &&
						!(strings.Contains(c.p, "ل") && arUnits[rest]) {
						t.alt, t.clitic = rest, c.en
						break
					}
				}
			}
			if t.low == "ب" && numberAfter(text[j:]) {
				t.keep, t.en, t.cat = false, "by", catRelative
			}
		}
		toks = append(toks, t)
		i = j
	}
	return toks
}

// arUnits are the units of lexAR, never read in a word with the article
// or "ل" ("اليوم" is today, "الساعة" the hour of a clock).
var arUnits = map[string]bool{"ثانيه": true, "ثواني": true, "دقيقه": true, "دقايق": true, "دقائق": true, "ساعه": true, "ساعات": true, "يوم": true, "ايام": true, "اسبوع": true, "اسابيع": true}

// stripMarks is s without its Arabic and bidirectional marks.
func stripMarks(s string) string {
	return strings.Map(func(r rune) rune {
		if isArabicMark(r) || isBidiMark(r) {
			return -1
		}
		return r
	}, s)
}

// numberAfter reports whether s opens with a number, after spaces.
func numberAfter(s string) bool {
	s = strings.TrimLeft(s, " \u00a0")
	r, _ := utf8.DecodeRuneInString(s)
	return r >= '0' && r <= '9' || indicDigit(r) >= 0
}

// arMarks are the spans of an Arabic message glossed beside its words:
// its punctuation as English punctuation, its marks and bidirectional
// marks dropped (the marks of a word the gloss rewrites go with it).
func arMarks(text string) []numSpan {
	var out []numSpan
	for i := 0; i < len(text); {
		r, size := utf8.DecodeRuneInString(text[i:])
		plain, ok := "", true
		switch {
		case r == '،':
			plain = ","
		case r == '؛':
			plain = ";"
		case r == '؟':
			plain = "?"
		case r == '٪':
			plain = "%"
		case isArabicMark(r), isBidiMark(r):
		default:
			ok = false
		}
		if ok {
			// a run of marks is one span
			j := i + size
			for plain == "" && j < len(text) {
				r2, s2 := utf8.DecodeRuneInString(text[j:])
				if !isArabicMark(r2) && !isBidiMark(r2) {
					break
				}
				j += s2
			}
			out = append(out, numSpan{start: i, end: j, plain: plain})
			i = j
			continue
		}
		i += size
	}
	return out
}

// arNegs are the words of a negation fixAR reads in context.
var arNegs = map[string]bool{"لا": true, "ما": true, "مش": true, "مو": true, "مب": true, "ان لا": true, "عدم": true}

// arRelayTail are the words after a verb that relays a rule, before the
// rule: "قال لي", "تقول إن".
var arRelayTail = map[string]bool{"لي": true, "لنا": true, "ان": true, "انه": true, "لك": true, "لكم": true, "بان": true, "انو": true}

// arCondBefore reports whether a clause's words before a negation open
// with a condition ("إذا", "لو", "لما", "قبل", "بعد") and do not end with
// the negation's subject (a definite noun "الخدمة", a pronoun "هي"), so
// the negation opens the rule the condition binds.
func arCondBefore(ws []glossTok) bool {
	last := ws[len(ws)-1]
	if last.low == "هي" || last.low == "هو" || last.keep && strings.HasPrefix(last.low, "ال") {
		return false
	}
	for _, w := range ws[:min(2, len(ws))] {
		if w.en == "if" || w.en == "when" || w.low == "قبل" || w.low == "بعد" {
			return true
		}
	}
	return false
}

// arRuleOpen are the glosses of a rule's opening word.
var arRuleOpen = map[string]bool{"do not": true, "never": true, "must": true, "must not": true, "always": true, "make sure": true, "use": true}

// arStateVerbs are verbs of the second person that tell what a thing
// does, not what the user forbids ("ما تشتغل": it does not work).
var arStateVerbs = map[string]bool{"تشتغل": true, "تعمل": true, "تنفع": true, "تزبط": true, "تظبط": true, "تمشي": true, "تفرق": true, "تفتح": true, "تظهر": true, "تطلع": true, "تعرف": true, "تدري": true, "تكون": true}

// fixAR reads each clause's negation and setting words as Arabic places
// them (see lexAR).
func fixAR(toks []glossTok) {
	question := false
	for _, cl := range glossClauses(toks) {
		for i := range cl {
			// "ولا", "فما": a negation with its conjunction glued on
			if t := &cl[i]; t.keep && len(t.low) == 6 && (t.low[2:] == "لا" || t.low[2:] == "ما") {
				switch t.low[:2] {
				case "و":
					t.low, t.clitic = t.low[2:], "and "
				case "ف":
					t.low, t.clitic = t.low[2:], "so "
				}
			}
		}
		lead := 0
		for lead < len(cl) && !cl[lead].keep && leadWords[cl[lead].en] && !arNegs[cl[lead].low] {
			lead++
		}
		// a rule relayed ("نورة تقول لا تعدّل …", "قال لي ما تلمس …")
		// opens after its verb
		relay := -1
		for i := lead; i < min(lead+3, len(cl)); i++ {
			if !cl[i].keep && cl[i].cat == catRelay {
				relay, lead = i, i+1
				for lead < len(cl) && (arRelayTail[cl[lead].low] || !cl[lead].keep && leadWords[cl[lead].en] && !arNegs[cl[lead].low]) {
					lead++
				}
				if lead+1 < len(cl) && cl[lead].keep && arNegs[cl[lead+1].low] {
					lead++ // "قال لي خالد ما تلمس …": who said it, after the verb
				}
				break
			}
		}
		verbAfter := func(i int) bool {
			if i+1 >= len(cl) || !cl[i+1].keep {
				return false
			}
			w := cl[i+1].low
			r, _ := utf8.DecodeRuneInString(w)
			if !isArabicLetter(r) {
				return true // an English verb or name: "لا push", "لا main"
			}
			return strings.HasPrefix(w, "ت") && utf8.RuneCountInString(w) >= 3
		}
		for i := range cl {
			t := &cl[i]
			if !t.keep && t.cat == catQuestion {
				question = true
			}
			switch {
			case t.low == "لا" && t.keep:
				t.keep = false
				switch {
				case i == len(cl)-1 && i == lead:
					t.en = "no"
				case i == lead && verbAfter(i) && (i+2 < len(cl) || !arStateVerbs[cl[i+1].low]):
					// "لا تعمل merge": do not; "لا تعمل." alone: it does
					// not work
					t.en = "do not"
				case t.clitic == "and " && i != lead:
					t.en, t.clitic = "or", ""
				case i > lead && verbAfter(i) && arCondBefore(cl[:i]):
					// "إذا فشل الـ build لا تسوي deploy": the condition,
					// then the prohibition
					t.en = "do not"
					cl[i-1].keep = false
					cl[i-1].en += ","
				default:
					t.en = "not"
				}
			case t.en == "is forbidden" && i == lead && !t.keep:
				t.en = "do not"
			case t.low == "ال" && i > 0 && cl[i-1].keep:
				// "عدد الـ workers": the article of a noun's complement
				t.en = ""
			case t.low == "ما" && t.keep && i == lead && verbAfter(i) && !arStateVerbs[cl[i+1].low]:
				t.keep, t.en = false, "do not"
			case t.keep && i == lead && (strings.HasPrefix(t.low, "مت") || strings.HasPrefix(t.low, "مات")) && strings.HasSuffix(t.low, "ش") && utf8.RuneCountInString(t.low) >= 5:
				// Egyptian "متلمسش": don't touch
				t.keep, t.en = false, "do not"
			case t.low == "الا" && i > 0 && cl[i-1].en == "must":
				t.en, t.cat = "", catNever
				cl[i-1].en = "must not"
			case t.low == "بس" && !t.keep:
				switch {
				case i == lead || i+1 < len(cl) && arNegs[cl[i+1].low]:
					t.en = "but"
				case i == len(cl)-1:
					t.en = "only"
				}
			case (t.low == "نصف" || t.low == "نص") && !t.keep:
				if i == lead && (i+1 >= len(cl) || cl[i+1].keep || cl[i+1].en == "the") {
					t.en = "halve"
				}
			case t.low == "غير" && t.en == "set" && i != lead:
				t.keep = true
			case t.low == "خلاص" && !t.keep && len(cl) == 1:
				t.en, t.cat = "forget it", catGiveUp
			case (t.low == "اذا" || t.low == "لو") && question:
				t.en = "whether"
			}
		}
		if relay >= 0 && lead < len(cl) && !cl[lead].keep && arRuleOpen[cl[lead].en] {
			// "X says, do not …": the rule read after who relays it
			cl[lead-1].keep = false
			cl[lead-1].en += ","
		}
		// a modal next to a negation: "must not" ("يجب ألا", "لازم ما
		// تعدّل", "يجب أن لا", "لا يجب"); "never" with a prohibition: the
		// prohibition never
		modal, neg, never := -1, -1, -1
		for i := range cl {
			switch {
			case cl[i].en == "must" && !cl[i].keep && modal < 0:
				modal = i
				for _, k := range []int{i - 1, i + 1, i + 2} {
					if k >= 0 && k < len(cl) && arNegs[cl[k].low] && (k != i-1 || cl[k].low == "لا") && (k != i+2 || cl[i+1].low == "ان") {
						cl[i].en, cl[k].en, cl[k].keep = "must not", "", false
						break
					}
				}
			case cl[i].keep:
			case cl[i].en == "never" && never < 0:
				never = i
			case (cl[i].en == "do not" || cl[i].en == "not") && neg < 0:
				neg = i
			}
		}
		if modal >= 0 && cl[modal].en == "must not" && never >= 0 {
			cl[modal].en, cl[never].en = "must never", ""
		} else if never >= 0 && neg >= 0 && (cl[neg].en == "do not" || never < neg) {
			first, other := min(never, neg), max(never, neg)
			cl[first].en, cl[other].en = "never", ""
		}
		// a setting told first, then set ("والذاكرة خليها 4GB"): "and set
		// the الذاكرة to 4GB", never a correction of the value before
		for k := lead + 1; k <= min(lead+2, len(cl)-1); k++ {
			if cl[k].keep || cl[k].en != "make it" && cl[k].en != "set it" || !cl[lead].keep || k == lead+2 && !cl[lead+1].keep {
				continue
			}
			topic := cl[lead].en
			if rest, ok := strings.CutPrefix(topic, "و"); ok && strings.HasPrefix(arNorm(rest), "ال") {
				topic, cl[lead].clitic = rest, "and "
			}
			if cl[lead].low == "\x00" || !isArabicLetter([]rune(topic + " ")[0]) {
				break // code or an English word: "X خليه" is read as written
			}
			cl[lead].keep, cl[lead].en = false, "set the "+topic
			cl[k].en = "to"
			if k+1 < len(cl) && !cl[k+1].keep && cl[k+1].en == "on" {
				cl[k].en = ""
				cl[k+1].en = "to"
			}
			break
		}
		// a setting verb's "on" is "to" ("اضبط المهلة على 40"); a
		// raise "twice" doubles ("زوّد المهلة للضعف")
		verb := -1
		for i := range cl {
			if cl[i].keep {
				// a setting told with its number and no preposition:
				// "حط المهلة ٥" is "set the المهلة to 5"
				if verb >= 0 && cl[i].numAfter && i-verb <= 3 {
					if i == verb+1 {
						cl[i].en = "the " + cl[i].en
					}
					switch cl[verb].en {
					case "make":
						// "خلّ الذاكرة 2GB للحاوية": set the الذاكرة to 2GB
						cl[verb].en = "set"
						cl[i].keep, cl[i].en = false, cl[i].en+" to"
					case "set", "put":
						cl[i].keep, cl[i].en = false, cl[i].en+" to"
					case "increase", "reduce":
						// "زوّد المهلة ٢٠ ثانية": by 20 seconds
						cl[i].keep, cl[i].en = false, cl[i].en+" by"
					}
					verb = -1
				}
				continue
			}
			switch en := cl[i].en; en {
			case "set", "make", "put", "set it", "make it", "put it", "increase", "increase it", "reduce":
				verb = i
			case "on":
				if verb >= 0 {
					cl[i].en = "to"
					verb = -1
				}
			case "twice":
				if verb >= 0 {
					cl[verb].en = strings.Replace(strings.Replace(strings.Replace(cl[verb].en, "increase", "double", 1), "make", "double", 1), "set", "double", 1)
					cl[i].en = ""
				}
			}
		}
	}
	fixSetting(toks)
	// Arabic writes its article on the word: "اضبط المهلة" is "set the
	// المهلة", the setting named as the English readings name it.
	for i := 0; i+1 < len(toks) && toks[i+1].start >= 0; i++ {
		switch toks[i].en {
		case "set", "cut", "reduce", "increase", "double", "halve", "make", "put":
			if toks[i+1].keep && !toks[i].clauseEnd && !toks[i].keep {
				toks[i].en += " the"
			}
		}
	}
	for i := range toks {
		if !toks[i].keep && toks[i].clitic != "" && toks[i].en != "" {
			toks[i].en = toks[i].clitic + toks[i].en
		}
	}
}
