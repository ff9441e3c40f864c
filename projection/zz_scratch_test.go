package projection

import "testing"

func TestZZ(t *testing.T) {
	t.Log(reduceAll(t, `
> user
ok now lets add tailwind v4 to psionic. maybe use play cdn for now because i dont know yet how to handle bundling if we should use the tailwind cli or not. for now just maybe use the cdn and get some basics working. convert hoempage and header to tailwind. make a github issue. then on a new branch from main, fully implement, commit and push and open a pull request that closes the issue. think deeply`))
}
