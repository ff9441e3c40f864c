package projection

import "testing"

func TestLater17Scratch(t *testing.T) {
	for _, s := range []string{
		"> user\nfix the training loop\n> assistant\nok\n> user\nmets à jour le README avec les nouveaux hyperparams aussi\n> assistant\nJe mets la section à jour.\n> call edit {\"path\":\"README.md\"}\n> result error\nUnable to apply edit\n> user\nlaisse le README pour l'instant, je le ferai après la démo. est-ce qu'on relance le job ?\n> assistant\nLe README reste en l'état.\n",
		"> user\nfix the training loop\n> assistant\nok\n> user\nplease also update the README with the new hyperparams\n> assistant\nUpdating the README.\n> user\nleave the README for now, I'll do it after the demo.\n> assistant\nOk.\n",
	} {
		t.Log(reduceAll(t, s))
	}
}
