package bundle_test

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/epistemicfold/ef/internal/testutil"

	"github.com/epistemicfold/ef/bundle"
	"github.com/epistemicfold/ef/internal/bundletest"
	"pgregory.net/rapid"
)

type modelKey struct{ session, id string }

// TestPowerCutProperty drives a store on the strict MemFS through random
// puts, session deletes, injected I/O faults and power cuts (at random
// filesystem operations, including in the middle of a Put). After every
// power cut and reopen:
//   - every acknowledged bundle that was not deleted since is readable,
//     verified and byte-exact;
//   - every visible bundle is acknowledged or was in flight at the cut
//     (or was put into a session whose delete was not acknowledged), and
//     verifies;
//   - no temp file survives the reopen.
//
// Power cuts come in two models: the strict one (everything not synced is
// lost) and a LazyFS-style one (MemFS.CrashRandom: unsynced entries and
// blocks persist or not independently, reordered, or as garbage). A cut
// can also land right after a failed operation and before its cleanup:
// from the fault on, the device is dead, so no cleanup reaches it.
//
// RAPID_CHECKS=N raises the number of runs; a failure prints the seed.
func TestPowerCutProperty(t *testing.T) {
	testutil.RapidChecks(t, 15)
	rapid.Check(t, func(rt *rapid.T) {
		mem := bundletest.NewMemFS(nil)
		open := func() *bundle.Store {
			s, err := bundle.Open("/store", bundle.Options{FS: mem, SegmentBytes: 512})
			if err != nil {
				rt.Fatalf("open: %v", err)
			}
			return s
		}
		s := open()
		acked := map[modelKey]*bundle.CheckpointV1{}
		maybe := map[modelKey]*bundle.CheckpointV1{} // in flight at a failure: may or may not exist
		sessions := []string{"alpha", "beta", "../gamma", string(make([]byte, 120))}
		next := 0
		steps := rapid.IntRange(1, 20).Draw(rt, "steps")
		for step := 0; step < steps; step++ {
			// Arm a fault at the k-th filesystem operation of this step, if any.
			var opCount, faultAt int
			crashAtFault, deadAfter := false, false
			faultKind := bundletest.ErrInjected
			if rapid.IntRange(0, 3).Draw(rt, "armFault") == 0 {
				faultAt = rapid.IntRange(1, 30).Draw(rt, "faultAt")
				crashAtFault = rapid.Bool().Draw(rt, "crashAtFault")
				deadAfter = crashAtFault && rapid.Bool().Draw(rt, "deadAfterFault")
				if rapid.Bool().Draw(rt, "applied") {
					faultKind = bundletest.ErrApplied
				}
			}
			fired := false
			if faultAt > 0 {
				mem.SetFault(func(op bundletest.Op, p string) error {
					opCount++
					if deadAfter && opCount > faultAt {
						return bundletest.ErrInjected // power is gone: no cleanup reaches the disk
					}
					if opCount == faultAt {
						fired = true
						if faultKind == bundletest.ErrApplied && op != bundletest.OpSync && op != bundletest.OpSyncDir && op != bundletest.OpRename {
							return bundletest.ErrInjected
						}
						return faultKind
					}
					return nil
				})
			}
			sess := sessions[rapid.IntRange(0, len(sessions)-1).Draw(rt, "session")]
			switch rapid.IntRange(0, 9).Draw(rt, "action") {
			case 0: // delete a session
				err := s.DeleteSession(ctx, sess)
				if err == nil {
					for k := range acked {
						if k.session == sess {
							delete(acked, k)
						}
					}
					for k := range maybe {
						if k.session == sess {
							delete(maybe, k)
						}
					}
				} else {
					// Not acknowledged: the session is either whole or gone.
					for k, b := range acked {
						if k.session == sess {
							maybe[k] = b
							delete(acked, k)
						}
					}
				}
			case 1: // re-put a bundle (idempotent); this acknowledges an in-flight one
				for k, b := range maybe {
					if _, err := s.Put(ctx, b); err == nil {
						acked[k] = b
						delete(maybe, k)
					}
					break
				}
				for k, b := range acked {
					if _, err := s.Put(ctx, b); err != nil && !fired && s.FailStopped() == nil {
						rt.Fatalf("idempotent Put of %v: %v", k, err)
					}
					break
				}
			default:
				next++
				id := fmt.Sprintf("c%03d", next)
				n := rapid.IntRange(0, 12).Draw(rt, "messages")
				b := bundletest.Bundle(sess, id, bundletest.Messages(uint64(next), n, 100))
				k := modelKey{sess, id}
				if _, err := s.Put(ctx, b); err == nil {
					acked[k] = b
				} else {
					if !fired && !errors.Is(err, bundle.ErrFailStopped) {
						rt.Fatalf("Put failed without a fault: %v", err)
					}
					maybe[k] = b
				}
			}
			mem.SetFault(nil)
			cut := (fired && crashAtFault) || rapid.IntRange(0, 5).Draw(rt, "cut") == 0
			if !cut && s.FailStopped() == nil {
				continue
			}
			if cut {
				if rapid.Bool().Draw(rt, "lazyCut") {
					mem.CrashRandom(rand.New(rand.NewPCG(rapid.Uint64().Draw(rt, "cutSeed"), 0)))
				} else {
					mem.Crash()
				}
			} else {
				s.Close() // fail-stopped: reopen without a power cut
			}
			s = open()
			checkModel(rt, s, mem, acked, maybe)
			if cut {
				// After a power cut, what is visible is what was durable:
				// the in-flight bundles are now settled one way or the other.
				for k, b := range maybe {
					if _, err := s.Get(ctx, k.session, k.id); err == nil {
						acked[k] = b
					}
				}
				clear(maybe)
			}
		}
		s.Close()
	})
}

func checkModel(rt *rapid.T, s *bundle.Store, mem *bundletest.MemFS, acked, maybe map[modelKey]*bundle.CheckpointV1) {
	for k, b := range acked {
		got, err := s.Get(ctx, k.session, k.id)
		if err != nil {
			rt.Fatalf("acknowledged bundle %q/%s lost: %v", k.session, k.id, err)
		}
		if len(got.Archive.ShadowedMessages) != len(b.Archive.ShadowedMessages) {
			rt.Fatalf("acknowledged bundle %q/%s changed", k.session, k.id)
		}
		for i := range got.Archive.ShadowedMessages {
			if string(got.Archive.ShadowedMessages[i]) != string(b.Archive.ShadowedMessages[i]) {
				rt.Fatalf("acknowledged bundle %q/%s message %d changed", k.session, k.id, i)
			}
		}
	}
	for _, in := range bundletest.ListAll(rt, s) {
		k := modelKey{in.Session, in.CheckpointID}
		if in.Err != nil {
			rt.Fatalf("visible broken bundle %v: %v", k, in.Err)
		}
		if acked[k] == nil && maybe[k] == nil {
			rt.Fatalf("bundle %q/%s visible but never written", in.Session, in.CheckpointID)
		}
		if err := s.Verify(ctx, in.Session, in.CheckpointID); err != nil {
			rt.Fatalf("visible bundle %v does not verify: %v", k, err)
		}
	}
	var walk func(dir string)
	walk = func(dir string) {
		ents, _ := mem.ReadDir(dir)
		for _, e := range ents {
			if bundletest.IsTempName(e.Name()) || strings.HasPrefix(e.Name(), ".del-") {
				rt.Fatalf("%s/%s survived reopen", dir, e.Name())
			}
			if e.IsDir() {
				walk(dir + "/" + e.Name())
			}
		}
	}
	walk("/store")
}
