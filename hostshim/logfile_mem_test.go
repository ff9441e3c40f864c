package hostshim

import (
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strings"
	"testing"
)

var synthWords = strings.Fields(`the a session log compaction surface tool call result assistant user message
token meter frame header append batch event seq replace checkpoint summary context window pressure
func return error nil struct interface package import go test build run file path line field value
压缩 上下文 会话 工具 调用 结果 摘要 窗口`)

func synthText(rng *rand.Rand, n int) string {
	var sb strings.Builder
	for sb.Len() < n {
		if sb.Len() > 0 {
			sb.WriteByte(' ')
		}
		sb.WriteString(synthWords[rng.IntN(len(synthWords))])
		if rng.IntN(12) == 0 {
			sb.WriteString(".\n")
		}
	}
	return sb.String()
}

// writeSyntheticLog writes a valid Gen01 log of about target bytes (before
// compression): turns of a user message, an assistant message with 0–3
// tool calls (streamed as packed chunk rows) and their results. It returns
// the number of events and the plain byte count.
func writeSyntheticLog(t testing.TB, path string, target int64, compress bool) (events int, plain int64) {
	t.Helper()
	opts := LogOptions{Compression: CompressionNone}
	if compress {
		opts.Compression = CompressionZstd
	}
	w, err := CreateLog(path, Header{ID: "synthetic", CreatedAt: 1}, opts)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	seq := 0
	var batch []Event
	add := func(typ string, data any, surface bool) {
		e := Event{Seq: seq, Type: typ, Data: marshalNoEscape(data)}
		if surface {
			e.SurfaceOp = AppendOp
		}
		batch = append(batch, e)
		plain += int64(len(e.Data)) + 40
		seq++
	}
	turn := 0
	for plain < target {
		turn++
		add(TypeTurnStart, map[string]any{"turn": turn}, false)
		add(TypeUserMessage, map[string]any{"role": "user", "content": []Block{TextBlock(synthText(rng, 200+rng.IntN(2000)))}}, true)
		// A streamed reasoning row, as the host packs it.
		row := fmt.Sprintf(`{"type":"reasoning-chunks","data":{"turn":%d,"step":1,"index":0,"dt":[3,4],"texts":[%q,%q,%q]}}`,
			turn, synthText(rng, 20), synthText(rng, 20), synthText(rng, 20))
		evs, err := DecodeRecord([]byte(row), seq)
		if err != nil {
			t.Fatal(err)
		}
		batch = append(batch, evs...)
		seq += len(evs)
		plain += int64(len(row))
		ncalls := rng.IntN(4)
		content := []Block{{Type: BlockReasoning, Text: synthText(rng, 300)}, TextBlock(synthText(rng, 400))}
		for c := range ncalls {
			content = append(content, Block{Type: BlockToolCall, ID: fmt.Sprintf("call-%d-%d", turn, c), Name: "bash", Arguments: fmt.Sprintf(`{"command":%q}`, synthText(rng, 60))})
		}
		add(TypeAssistantMessage, map[string]any{"turn": turn, "step": 1, "message": Message{Role: RoleAssistant, Content: content}}, true)
		for _, c := range rng.Perm(ncalls) {
			id := fmt.Sprintf("call-%d-%d", turn, c)
			res := Block{Type: BlockToolResult, ToolCallID: id, Content: []Block{TextBlock(synthText(rng, 500+rng.IntN(6000)))}}
			add(TypeToolResult, map[string]any{"turn": turn, "step": 1, "message": Message{Role: RoleUser, Content: []Block{res}}}, true)
		}
		add(TypeTurnEnd, map[string]any{"turn": turn}, false)
		if len(batch) > 200 {
			if err := w.Append(batch...); err != nil {
				t.Fatal(err)
			}
			batch = batch[:0]
		}
	}
	if err := w.Append(batch...); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return seq, plain
}

// TestLogStreamingMemoryBounded streams a ~20 MB log (6 MB under -race;
// EF_BIG_LOG=1: ~200 MB) and checks that the heap stays far below the file
// size: the reader holds one line, not the file.
func TestLogStreamingMemoryBounded(t *testing.T) {
	size, frac := int64(20<<20), int64(5)
	if raceEnabled {
		size, frac = 6<<20, 2
	}
	if os.Getenv("EF_BIG_LOG") != "" {
		size, frac = 200<<20, 50
	}
	// Collect garbage eagerly so HeapInuse tracks what is live.
	defer debug.SetGCPercent(debug.SetGCPercent(10))
	for _, compress := range []bool{false, true} {
		name := "big.jsonl"
		if compress {
			name += ".zstd"
		}
		path := filepath.Join(t.TempDir(), name)
		nev, plain := writeSyntheticLog(t, path, size, compress)
		fi, _ := os.Stat(path)

		runtime.GC()
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		base := ms.HeapInuse
		peak := base
		r, err := OpenLog(path, LogOptions{})
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		for {
			_, err := r.Next()
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Fatal(err)
			}
			n++
			if n%256 == 0 {
				runtime.ReadMemStats(&ms)
				peak = max(peak, ms.HeapInuse)
			}
		}
		r.Close()
		if n != nev {
			t.Fatalf("read %d events, wrote %d", n, nev)
		}
		growth := int64(peak) - int64(base)
		t.Logf("%s: %d events, %.1f MB plain, %.1f MB on disk, heap growth while streaming %.2f MB",
			name, n, float64(plain)/(1<<20), float64(fi.Size())/(1<<20), float64(growth)/(1<<20))
		if growth > plain/frac {
			t.Fatalf("heap grew by %d bytes streaming a %d-byte log", growth, plain)
		}
	}
}
