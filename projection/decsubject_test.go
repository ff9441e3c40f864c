package projection

import "testing"

// TestSwitchOfNamedThings: a switch that names what it changes takes back
// no choice naming none of those things (trial 9 B21), and still takes
// back one that names them.
func TestSwitchOfNamedThings(t *testing.T) {
	cases := []scriptCase{
		{"the repro: versionCode changed after the Compat choice (zh)", "> user\nminSdk 还是回到 24 吧\n> assistant\n为此把 NotificationChannel 和 startForegroundService 换成了 Compat 版本，`lintRelease` 0 error。\n> user\n另外 versionCode 42 已经被占了，改成 43\n> assistant\nversionCode 改为 43；release workflow 改为上传到 Play internal testing。\n",
			[]string{`decision .*notificationchannel.* \[active`}, nil},
		{"another thing changed (en)", "> user\nkeep the app on minSdk 24\n> assistant\nDecision: use the Compat APIs (ServiceCompat, NotificationChannelCompat) for the notification code.\n> assistant\nSwitching the release workflow to Play internal testing instead.\n",
			[]string{`decision .*compat-apis.* \[active`}, nil},
		{"another thing changed (ja)", "> user\nリリースを直して\n> assistant\n決定: 通知まわりは Compat API を使います。\n> assistant\nリリースワークフローを Play internal testing に変更します。\n",
			[]string{`decision .*compat-api.* \[active`}, nil},
		// Negative cases: the switch names the thing the choice named.
		{"the same thing changed (zh)", "> user\n修一下发布\n> assistant\n决定：release workflow 上传到 Firebase App Distribution。\n> assistant\nrelease workflow 改为上传到 Play internal testing。\n",
			[]string{`decision .*改为上传到-play.* \[active`}, []string{`firebase.* \[active`}},
		{"the same thing changed (en)", "> user\nfix the release\n> assistant\nDecision: the release workflow uploads to Firebase App Distribution.\n> assistant\nSwitching the release workflow to Play internal testing instead.\n",
			[]string{`decision .*play-internal.* \[active`}, []string{`firebase.* \[active`}},
		{"a switch naming no subject still replaces the newest (zh)", "> user\n修一下锁竞争\n> assistant\n决定：price_cache 用 dashmap。\n> assistant\n改用 RwLock，不再使用 dashmap。\n",
			[]string{`decision .*rwlock.* \[active.*\(was 决定：price_cache 用 dashmap。\)`}, []string{`price_cache-用-dashmap`}},
	}
	runScriptCases(t, cases)
}
