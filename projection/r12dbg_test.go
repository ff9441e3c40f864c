package projection
import "testing"
func TestR12Dbg(t *testing.T){
 for _, sc := range []string{
 "> user\n把登录页的 bug 修一下。注意：不要动 core-network 模块的代码，那块是另一个组在维护。\n> assistant\n好的。\n> user\ncore-network 那个限制这次放开一下：AuthInterceptor 可以改，就只改这一个文件。\n> all\n> assistant\n只改了 AuthInterceptor.kt。\n> user\ncore-network 的限制取消吧，以后那个模块你可以随便改了。",
 "> user\nFix the login page bug. Note: don't touch the core-network module code, another team maintains it.\n> assistant\nOK.\n> user\nRelax the core-network rule this once: you may change AuthInterceptor, only that one file.\n> all\n> assistant\nOnly changed AuthInterceptor.kt.\n> user\nDrop the core-network restriction, you can change that module freely from now on.",
 "> user\nログイン画面のバグを直して。注意：core-network モジュールのコードは触らないで、別チームが管理してる。\n> assistant\nはい。\n> user\ncore-network の制限、今回だけ緩めます：AuthInterceptor は変えていい、そのファイルだけ。\n> all\n> assistant\nAuthInterceptor.kt だけ変えました。\n> user\ncore-network の制限は解除で、これからはあのモジュールも自由に変えていいよ。",
 }{
  for _, cut := range []int{3,5} { _ = cut }
  t.Log(reduceAll(t, sc))
 }
}
