package zerovalue_test

import (
	"context"
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/epistemicfold/ef/bundle"
	"github.com/epistemicfold/ef/engine"
	"github.com/epistemicfold/ef/hostshim"
	"github.com/epistemicfold/ef/importer"
	"github.com/epistemicfold/ef/origin/action"
	"github.com/epistemicfold/ef/origin/handoff"
	"github.com/epistemicfold/ef/origin/northbridge"
	"github.com/epistemicfold/ef/origin/taskorigin"
	"github.com/epistemicfold/ef/origin/trust"
	"github.com/epistemicfold/ef/projection"
	"github.com/epistemicfold/ef/recall"
	"github.com/epistemicfold/ef/recall/bundlesource"
	"github.com/epistemicfold/ef/store"
	"github.com/epistemicfold/ef/tokenizer"
	"github.com/epistemicfold/ef/validator"
)

// packages are the public packages swept, as directories of the module.
var packages = []string{"engine", "projection", "bundle", "recall", "recall/bundlesource", "store", "validator",
	"tokenizer", "origin/action", "origin/trust", "origin/handoff", "origin/northbridge", "origin/taskorigin",
	"importer", "hostshim"}

// types are the exported concrete (non-interface, non-generic) types of
// packages; TestTableIsComplete keeps it so.
var types = []reflect.Type{
	reflect.TypeFor[engine.Digest](),
	reflect.TypeFor[engine.DigestRequest](),
	reflect.TypeFor[engine.DropManifest](),
	reflect.TypeFor[engine.Engine](),
	reflect.TypeFor[engine.Facts](),
	reflect.TypeFor[engine.FoldError](),
	reflect.TypeFor[engine.FoldReport](),
	reflect.TypeFor[engine.FoldRequest](),
	reflect.TypeFor[engine.FoldedArchive](),
	reflect.TypeFor[engine.FoldedRange](),
	reflect.TypeFor[engine.Frontier](),
	reflect.TypeFor[engine.FrontierRef](),
	reflect.TypeFor[engine.HostedFold](),
	reflect.TypeFor[engine.IndexerFunc](),
	reflect.TypeFor[engine.Item](),
	reflect.TypeFor[engine.ManifestEntry](),
	reflect.TypeFor[engine.Marker](),
	reflect.TypeFor[engine.ModelProposals](),
	reflect.TypeFor[engine.Options](),
	reflect.TypeFor[engine.Plan](),
	reflect.TypeFor[engine.Policy](),
	reflect.TypeFor[engine.ProposalsReport](),
	reflect.TypeFor[engine.RebuildReport](),
	reflect.TypeFor[engine.ToolCount](),
	reflect.TypeFor[projection.Anchor](),
	reflect.TypeFor[projection.Authority](),
	reflect.TypeFor[projection.Call](),
	reflect.TypeFor[projection.Caps](),
	reflect.TypeFor[projection.Context](),
	reflect.TypeFor[projection.Deterministic](),
	reflect.TypeFor[projection.Event](),
	reflect.TypeFor[projection.EventRef](),
	reflect.TypeFor[projection.HeldValue](),
	reflect.TypeFor[projection.AnsweredQuestion](),
	reflect.TypeFor[projection.Kind](),
	reflect.TypeFor[projection.Memo](),
	reflect.TypeFor[projection.ModelBatch](),
	reflect.TypeFor[projection.ModelProposal](),
	reflect.TypeFor[projection.ModelReport](),
	reflect.TypeFor[projection.Op](),
	reflect.TypeFor[projection.OptionGroup](),
	reflect.TypeFor[projection.Options](),
	reflect.TypeFor[projection.Proposal](),
	reflect.TypeFor[projection.Provenance](),
	reflect.TypeFor[projection.Reducer](),
	reflect.TypeFor[projection.Result](),
	reflect.TypeFor[projection.Role](),
	reflect.TypeFor[projection.ScriptStep](),
	reflect.TypeFor[projection.SnapAsking](),
	reflect.TypeFor[projection.SnapQuantity](),
	reflect.TypeFor[projection.SnapReading](),
	reflect.TypeFor[projection.SnapStanding](),
	reflect.TypeFor[projection.SnapText](),
	reflect.TypeFor[projection.Snapshot](),
	reflect.TypeFor[projection.StaleValue](),
	reflect.TypeFor[projection.State](),
	reflect.TypeFor[projection.ValueCheck](),
	reflect.TypeFor[bundle.Archive](),
	reflect.TypeFor[bundle.Audit](),
	reflect.TypeFor[bundle.CheckpointV1](),
	reflect.TypeFor[bundle.Content](),
	reflect.TypeFor[bundle.Encoded](),
	reflect.TypeFor[bundle.Error](),
	reflect.TypeFor[bundle.GCReport](),
	reflect.TypeFor[bundle.Info](),
	reflect.TypeFor[bundle.Interface](),
	reflect.TypeFor[bundle.Missing](),
	reflect.TypeFor[bundle.Mode](),
	reflect.TypeFor[bundle.OSFS](),
	reflect.TypeFor[bundle.Options](),
	reflect.TypeFor[bundle.Page](),
	reflect.TypeFor[bundle.ParentRef](),
	reflect.TypeFor[bundle.Receipt](),
	reflect.TypeFor[bundle.Rendered](),
	reflect.TypeFor[bundle.Source](),
	reflect.TypeFor[bundle.Store](),
	reflect.TypeFor[bundle.UnavailableError](),
	reflect.TypeFor[bundle.VersionError](),
	reflect.TypeFor[recall.Checkpoint](),
	reflect.TypeFor[recall.CheckpointInfo](),
	reflect.TypeFor[recall.Depth](),
	reflect.TypeFor[recall.DetailLine](),
	reflect.TypeFor[recall.ExactMessage](),
	reflect.TypeFor[recall.Hit](),
	reflect.TypeFor[recall.Index](),
	reflect.TypeFor[recall.IndexError](),
	reflect.TypeFor[recall.MessageEnd](),
	reflect.TypeFor[recall.NoCheckpointError](),
	reflect.TypeFor[recall.Options](),
	reflect.TypeFor[recall.Page](),
	reflect.TypeFor[recall.Part](),
	reflect.TypeFor[recall.QueryError](),
	reflect.TypeFor[recall.RangeError](),
	reflect.TypeFor[recall.RecallArgs](),
	reflect.TypeFor[recall.RecallRequest](),
	reflect.TypeFor[recall.RecallResult](),
	reflect.TypeFor[recall.Ref](),
	reflect.TypeFor[recall.RefError](),
	reflect.TypeFor[recall.Scope](),
	reflect.TypeFor[recall.SearchArgs](),
	reflect.TypeFor[recall.SearchRequest](),
	reflect.TypeFor[recall.SearchResult](),
	reflect.TypeFor[recall.UnavailableHits](),
	reflect.TypeFor[recall.SyncStats](),
	reflect.TypeFor[recall.ToolOutput](),
	reflect.TypeFor[recall.UnavailableError](),
	reflect.TypeFor[bundlesource.FollowOptions](),
	reflect.TypeFor[bundlesource.FollowStats](),
	reflect.TypeFor[bundlesource.Follower](),
	reflect.TypeFor[bundlesource.Source](),
	reflect.TypeFor[store.DeleteReport](),
	reflect.TypeFor[store.Options](),
	reflect.TypeFor[store.Store](),
	reflect.TypeFor[validator.ArchiveEvidence](),
	reflect.TypeFor[validator.Authority](),
	reflect.TypeFor[validator.Balance](),
	reflect.TypeFor[validator.Boundary](),
	reflect.TypeFor[validator.Candidate](),
	reflect.TypeFor[validator.Closure](),
	reflect.TypeFor[validator.Env](),
	reflect.TypeFor[validator.Failure](),
	reflect.TypeFor[validator.Level](),
	reflect.TypeFor[validator.Open](),
	reflect.TypeFor[validator.Options](),
	reflect.TypeFor[validator.Phase](),
	reflect.TypeFor[validator.Provenance](),
	reflect.TypeFor[validator.Replacement](),
	reflect.TypeFor[validator.Required](),
	reflect.TypeFor[validator.Result](),
	reflect.TypeFor[validator.Stability](),
	reflect.TypeFor[validator.Status](),
	reflect.TypeFor[validator.Validator](),
	reflect.TypeFor[validator.Verdict](),
	reflect.TypeFor[validator.VetoError](),
	reflect.TypeFor[tokenizer.Meter](),
	reflect.TypeFor[tokenizer.Options](),
	reflect.TypeFor[tokenizer.Registry](),
	reflect.TypeFor[action.Approval](),
	reflect.TypeFor[action.AuditRecord](),
	reflect.TypeFor[action.AuditSummary](),
	reflect.TypeFor[action.Channel](),
	reflect.TypeFor[action.CredentialRef](),
	reflect.TypeFor[action.Current](),
	reflect.TypeFor[action.Intent](),
	reflect.TypeFor[action.Kernel](),
	reflect.TypeFor[action.OSFS](),
	reflect.TypeFor[action.Observation](),
	reflect.TypeFor[action.Options](),
	reflect.TypeFor[action.PendingWrite](),
	reflect.TypeFor[action.Result](),
	reflect.TypeFor[action.Risk](),
	reflect.TypeFor[action.StateDiff](),
	reflect.TypeFor[action.Status](),
	reflect.TypeFor[trust.Credential](),
	reflect.TypeFor[handoff.Options](),
	reflect.TypeFor[northbridge.Budget](),
	reflect.TypeFor[northbridge.Bundle](),
	reflect.TypeFor[northbridge.Cut](),
	reflect.TypeFor[northbridge.Memory](),
	reflect.TypeFor[northbridge.Options](),
	reflect.TypeFor[northbridge.Request](),
	reflect.TypeFor[northbridge.SessionBundle](),
	reflect.TypeFor[northbridge.SessionOptions](),
	reflect.TypeFor[northbridge.State](),
	reflect.TypeFor[taskorigin.Action](),
	reflect.TypeFor[taskorigin.Actor](),
	reflect.TypeFor[taskorigin.Cite](),
	reflect.TypeFor[taskorigin.ConflictError](),
	reflect.TypeFor[taskorigin.Decision](),
	reflect.TypeFor[taskorigin.Document](),
	reflect.TypeFor[taskorigin.Entry](),
	reflect.TypeFor[taskorigin.Fact](),
	reflect.TypeFor[taskorigin.FieldError](),
	reflect.TypeFor[taskorigin.Learning](),
	reflect.TypeFor[taskorigin.Options](),
	reflect.TypeFor[taskorigin.PutResult](),
	reflect.TypeFor[taskorigin.PutStatus](),
	reflect.TypeFor[taskorigin.SourceCheck](),
	reflect.TypeFor[taskorigin.SourceKind](),
	reflect.TypeFor[taskorigin.State](),
	reflect.TypeFor[taskorigin.Store](),
	reflect.TypeFor[importer.Compaction](),
	reflect.TypeFor[importer.Error](),
	reflect.TypeFor[importer.Format](),
	reflect.TypeFor[importer.Imported](),
	reflect.TypeFor[importer.Stats](),
	reflect.TypeFor[importer.Stream](),
	reflect.TypeFor[importer.UnpairedCall](),
	reflect.TypeFor[hostshim.Agent](),
	reflect.TypeFor[hostshim.AppendError](),
	reflect.TypeFor[hostshim.AppendOptions](),
	reflect.TypeFor[hostshim.AssistantData](),
	reflect.TypeFor[hostshim.BasicConfig](),
	reflect.TypeFor[hostshim.BasicEngine](),
	reflect.TypeFor[hostshim.Block](),
	reflect.TypeFor[hostshim.CompactionResult](),
	reflect.TypeFor[hostshim.CallLedger](),
	reflect.TypeFor[hostshim.CompactionStartData](),
	reflect.TypeFor[hostshim.CompactionSummaryData](),
	reflect.TypeFor[hostshim.Compression](),
	reflect.TypeFor[hostshim.EntryState](),
	reflect.TypeFor[hostshim.Event](),
	reflect.TypeFor[hostshim.EventJSON](),
	reflect.TypeFor[hostshim.FieldError](),
	reflect.TypeFor[hostshim.Generation](),
	reflect.TypeFor[hostshim.Header](),
	reflect.TypeFor[hostshim.HeuristicMeter](),
	reflect.TypeFor[hostshim.LogError](),
	reflect.TypeFor[hostshim.LogOptions](),
	reflect.TypeFor[hostshim.LogReader](),
	reflect.TypeFor[hostshim.LogWriter](),
	reflect.TypeFor[hostshim.ManualCompactionError](),
	reflect.TypeFor[hostshim.ManualCompactionErrorCode](),
	reflect.TypeFor[hostshim.Measure](),
	reflect.TypeFor[hostshim.Measurement](),
	reflect.TypeFor[hostshim.Message](),
	reflect.TypeFor[hostshim.MessageData](),
	reflect.TypeFor[hostshim.NodeTokens](),
	reflect.TypeFor[hostshim.OpenCall](),
	reflect.TypeFor[hostshim.Owner](),
	reflect.TypeFor[hostshim.RequestContextData](),
	reflect.TypeFor[hostshim.RequestHeaderData](),
	reflect.TypeFor[hostshim.Role](),
	reflect.TypeFor[hostshim.Selection](),
	reflect.TypeFor[hostshim.Session](),
	reflect.TypeFor[hostshim.ShadowCheck](),
	reflect.TypeFor[hostshim.ShadowedRange](),
	reflect.TypeFor[hostshim.Source](),
	reflect.TypeFor[hostshim.Spec](),
	reflect.TypeFor[hostshim.Stability](),
	reflect.TypeFor[hostshim.Stage](),
	reflect.TypeFor[hostshim.SummarizationInput](),
	reflect.TypeFor[hostshim.SummarizerFunc](),
	reflect.TypeFor[hostshim.SummaryResult](),
	reflect.TypeFor[hostshim.Surface](),
	reflect.TypeFor[hostshim.SurfaceOp](),
	reflect.TypeFor[hostshim.ToolCallData](),
	reflect.TypeFor[hostshim.Transaction](),
	reflect.TypeFor[hostshim.Trigger](),
	reflect.TypeFor[hostshim.TruncatedTail](),
	reflect.TypeFor[hostshim.TurnData](),
	reflect.TypeFor[hostshim.TurnEndData](),
	reflect.TypeFor[hostshim.Turns](),
	reflect.TypeFor[hostshim.TxError](),
	reflect.TypeFor[hostshim.TxOptions](),
}

// panics are the methods whose panic on a zero receiver is their
// documented contract, with the reason.
var panics = map[string]string{
	"engine.IndexerFunc.Index":          "a nil IndexerFunc is a nil func: calling it is a programming error (the type's doc says so)",
	"hostshim.SummarizerFunc.Summarize": "a nil SummarizerFunc is a nil func: calling it is a programming error (the type's doc says so)",
}

// errorMethods of an error type are not called on a nil pointer: as with
// *fs.PathError, a nil *T is never returned as an error by these packages,
// and a typed nil stored in an error is the caller's bug. Their zero
// values are called.
var errorMethods = map[string]bool{"Error": true, "Unwrap": true, "Is": true}

// notYet are the methods that still panic on a zero receiver, with why
// they are not fixed yet (none now). The test fails when one no longer
// panics, so the list only shrinks.
var notYet = map[string]string{}

// TestTableIsComplete: every exported concrete type of the swept packages
// is in types, so a new type is swept without anyone remembering to.
func TestTableIsComplete(t *testing.T) {
	have := map[string]bool{}
	for _, ty := range types {
		have[ty.String()] = true
	}
	var missing []string
	for _, dir := range packages {
		fset := token.NewFileSet()
		pkgs, err := parser.ParseDir(fset, filepath.Join("..", "..", filepath.FromSlash(dir)), func(fi os.FileInfo) bool {
			return !strings.HasSuffix(fi.Name(), "_test.go")
		}, 0)
		if err != nil {
			t.Fatal(err)
		}
		for name, p := range pkgs {
			for _, f := range p.Files {
				for _, d := range f.Decls {
					g, ok := d.(*ast.GenDecl)
					if !ok || g.Tok != token.TYPE {
						continue
					}
					for _, s := range g.Specs {
						ts := s.(*ast.TypeSpec)
						if _, iface := ts.Type.(*ast.InterfaceType); !ts.Name.IsExported() || ts.TypeParams != nil || ts.Assign != 0 || iface {
							continue
						}
						if n := name + "." + ts.Name.Name; !have[n] {
							missing = append(missing, n)
						}
					}
				}
			}
		}
	}
	if len(missing) > 0 {
		slices.Sort(missing)
		t.Errorf("exported types not in the sweep's table: %s", strings.Join(missing, ", "))
	}
}

// TestZeroValuesDoNotPanic calls every exported method of every type in
// types, on a nil pointer (pointer methods) and on a zero value, with zero
// arguments (a context is context.Background(): a nil context is a
// programming error by the context package's own rule). It runs in an
// empty working directory, so a zero value that takes "" for "." writes
// nothing of the repository's.
func TestZeroValuesDoNotPanic(t *testing.T) {
	t.Chdir(t.TempDir())
	ctxType := reflect.TypeFor[context.Context]()
	errorType := reflect.TypeFor[error]()
	var bad []string
	stillPanics := map[string]bool{}
	calls := 0
	for _, ty := range types {
		pt := reflect.PointerTo(ty)
		for i := 0; i < pt.NumMethod(); i++ {
			m := pt.Method(i)
			_, byValue := ty.MethodByName(m.Name)
			recvs := []struct {
				what string
				v    reflect.Value
			}{{"zero " + ty.String(), reflect.New(ty)}}
			if !byValue {
				// A value method on a nil pointer is Go's own nil
				// dereference, before the method runs.
				recvs = append(recvs, struct {
					what string
					v    reflect.Value
				}{"nil *" + ty.String(), reflect.Zero(pt)})
			}
			for _, r := range recvs {
				name := fmt.Sprintf("(%s).%s", r.what, m.Name)
				key := fmt.Sprintf("(*%s).%s", ty, m.Name)
				if byValue {
					key = fmt.Sprintf("%s.%s", ty, m.Name)
				}
				if _, ok := panics[key]; ok {
					continue
				}
				if !byValue && errorMethods[m.Name] && pt.Implements(errorType) && r.v.IsNil() {
					continue
				}
				fn := r.v.MethodByName(m.Name)
				ft := fn.Type()
				n := ft.NumIn()
				if ft.IsVariadic() {
					n--
				}
				// Twice: with zero arguments, then with every string
				// argument a valid id ("s1"), so a call that checks its
				// id first reaches the receiver too.
				for _, str := range []string{"", "s1"} {
					args := make([]reflect.Value, n)
					for j := range args {
						switch in := ft.In(j); {
						case in == ctxType:
							args[j] = reflect.ValueOf(context.Background())
						case in.Kind() == reflect.String:
							args[j] = reflect.ValueOf(str).Convert(in)
						default:
							args[j] = reflect.Zero(in)
						}
					}
					calls++
					if msg := call(fn, args); msg != "" {
						if _, ok := notYet[key]; ok {
							stillPanics[key] = true
						} else {
							bad = append(bad, fmt.Sprintf("%s [%s]: %s", name, key, msg))
						}
						break
					}
				}
			}
		}
	}
	t.Logf("%d calls on %d types; %d methods known to panic still (notYet)", calls, len(types), len(stillPanics))
	for key := range notYet {
		if !stillPanics[key] {
			bad = append(bad, fmt.Sprintf("%s no longer panics on a zero receiver: take it off notYet", key))
		}
	}
	for _, b := range bad {
		t.Error(b)
	}
}

// call calls fn and returns what went wrong: a panic (with the frame that
// raised it) or no return within a minute.
func call(fn reflect.Value, args []reflect.Value) string {
	done := make(chan string, 1)
	go func() {
		defer func() {
			if p := recover(); p != nil {
				done <- fmt.Sprintf("panic: %v at %s", p, panicFrame())
			}
		}()
		fn.Call(args)
		done <- ""
	}()
	select {
	case msg := <-done:
		return msg
	case <-time.After(time.Minute):
		return "did not return within a minute"
	}
}

// panicFrame is the first frame of the module below the panic.
func panicFrame() string {
	pcs := make([]uintptr, 32)
	n := runtime.Callers(4, pcs)
	frames := runtime.CallersFrames(pcs[:n])
	for {
		f, more := frames.Next()
		if strings.Contains(f.Function, "epistemicfold/ef/") && !strings.Contains(f.Function, "zerovalue") {
			return fmt.Sprintf("%s:%d", filepath.Base(f.File), f.Line)
		}
		if !more {
			return "?"
		}
	}
}

// TestNamedZeroValues: the zero values and nils a new user met, each with
// the error (or documented result) it now gives, and nothing written in
// the working directory.
func TestNamedZeroValues(t *testing.T) {
	wd := t.TempDir()
	t.Chdir(wd)
	ctx := context.Background()
	check := func(what string, err, want error) {
		t.Helper()
		if !errors.Is(err, want) {
			t.Errorf("%s = %v, want %v", what, err, want)
		}
	}
	_, err := recall.Recall(ctx, nil, recall.RecallRequest{Ref: "ckpt-1@s1"}, recall.Options{})
	check("recall.Recall(nil Source)", err, recall.ErrNoSource)
	var ix recall.Index
	_, err = ix.Search(ctx, recall.SearchRequest{Query: "x"})
	check("zero recall.Index.Search", err, recall.ErrNotOpen)
	_, err = ix.Recall(ctx, recall.RecallRequest{Ref: "ckpt-1@s1"})
	check("zero recall.Index.Recall", err, recall.ErrNotOpen)
	_, err = ix.Sync(ctx)
	check("zero recall.Index.Sync", err, recall.ErrNotOpen)
	if s := recall.RenderSearch(nil); s != "" {
		t.Errorf("recall.RenderSearch(nil) = %q", s)
	}
	_, err = action.DecodeIntent(nil, 0)
	check("action.DecodeIntent(nil, 0)", err, action.ErrIntent)
	var k action.Kernel
	_, _, err = k.SubmitJSON(ctx, []byte(`{"relpath":"a.md","content":"x"}`), action.ChannelAPI)
	check("zero action.Kernel.SubmitJSON", err, action.ErrNotOpen)
	var st store.Store
	_, err = st.DeleteSession(ctx, "s1")
	check("zero store.Store.DeleteSession", err, store.ErrNotOpen)
	_, err = bundle.Open("", bundle.Options{})
	check(`bundle.Open("")`, err, bundle.ErrNoRoot)
	var be *bundle.Error
	if !errors.As(err, &be) || be.Op != "open" {
		t.Errorf(`bundle.Open("") = %#v, want a *bundle.Error of op open`, err)
	}
	var ts taskorigin.Store
	_, err = ts.Put(ctx, "t1", taskorigin.Document{}, "x")
	check("zero taskorigin.Store.Put", err, taskorigin.ErrNotOpen)

	// A zero Meter counts an upper bound, never fewer tokens than the
	// encoding does.
	m, err := tokenizer.New(tokenizer.Options{}).Meter(tokenizer.O200k)
	if err != nil {
		t.Fatal(err)
	}
	var zm tokenizer.Meter
	for _, s := range []string{"hello world", "日本語のテキスト", strings.Repeat("a", 5000)} {
		if z, n := zm.CountText(s), m.CountText(s); z < n {
			t.Errorf("zero Meter counts %d tokens for %.20q, the encoding %d", z, s, n)
		}
	}
	var e engine.Engine
	_, _, err = e.Fold(ctx, nil, engine.FoldRequest{Mode: engine.ModeLeaf})
	check("zero engine.Engine.Fold", err, engine.ErrNotOpen)
	if made, err := engine.New(engine.Options{}); err != nil {
		t.Errorf("engine.New(zero Options): %v", err)
	} else {
		_, _, err = made.CompileHosted(ctx, nil, engine.HostedFold{Mode: engine.ModeLeaf, Seqs: []int{1}})
		check("engine.CompileHosted(nil agent)", err, engine.ErrNoSession)
	}
	if ents, _ := os.ReadDir(wd); len(ents) != 0 {
		t.Errorf("the working directory has %d entries, want none written", len(ents))
	}
}
