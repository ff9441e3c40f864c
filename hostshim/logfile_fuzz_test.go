package hostshim

import (
	"bufio"
	"bytes"
	"io"
	"os"
	"path/filepath"
	"testing"
)

// fuzzSeeds are record lines: the first lines of the committed sample logs
// plus hand-written rows and envelopes of both generations.
func fuzzSeeds(f *testing.F) [][]byte {
	seeds := [][]byte{
		[]byte(recUser), []byte(recTurnStart), []byte(recTextRow),
		[]byte(`{"type":"tool-call-chunks","data":{"turn":1,"step":1,"index":1,"id":"c1","name":"bash","dt":[0,2],"args":["{\"a","\":1","}"]}}`),
		[]byte(`{"type":"reasoning-chunks","seq0":4,"time0":1000,"data":{"turn":2,"step":1,"index":0,"dt":[5,6],"texts":["x","y","z"]}}`),
		[]byte(`{"type":"user/message","data":{"content":[{"type":"text","text":"x"}]},"sourceEventSeqs":[0,1],"surfaceOp":{"op":"replace","start":1,"end":0}}`),
		[]byte(`{"type":"tool/result","seq":3,"time":17,"data":{"turn":1,"step":1,"message":{"role":"tool","toolCallId":"c1","content":[]}},"surfaceOp":{"op":"replace","startSeq":2,"endSeq":2},"sourceEventSeqs":[2]}`),
		[]byte(`{"type":"x","data":{},"ignorable":true}`),
		[]byte(`{}`), []byte(`[]`), []byte(`{"type":"text-chunks"}`), []byte(`{"type":"x","data":{},"data":{}}`),
	}
	files, _ := filepath.Glob(filepath.Join("testdata", "logs", "*.jsonl"))
	for _, file := range files {
		b, err := os.ReadFile(file)
		if err != nil {
			f.Fatal(err)
		}
		sc := bufio.NewScanner(bytes.NewReader(b))
		sc.Buffer(nil, 1<<20)
		for n := 0; sc.Scan() && n < 40; n++ {
			if n > 0 {
				seeds = append(seeds, bytes.Clone(sc.Bytes()))
			}
		}
	}
	return seeds
}

// FuzzDecodeRecord: decoding never panics, expanded events have contiguous
// seqs, and a decoded record's storage line decodes to the same events.
//
//	go test -run '^$' -fuzz FuzzDecodeRecord -fuzztime 60s ./hostshim/
func FuzzDecodeRecord(f *testing.F) {
	for _, s := range fuzzSeeds(f) {
		f.Add(s, uint16(0))
		f.Add(s, uint16(4))
	}
	f.Fuzz(func(t *testing.T, line []byte, seq16 uint16) {
		seq := int(seq16)
		evs, err := DecodeRecord(line, seq)
		if err != nil {
			return
		}
		if len(evs) == 0 {
			t.Fatal("no error and no events")
		}
		for i, e := range evs {
			if e.Seq != seq+i {
				t.Fatalf("event %d has seq %d, want %d", i, e.Seq, seq+i)
			}
			if _, first := e.StorageLine(); first != (i == 0) {
				t.Fatalf("event %d: first=%v", i, first)
			}
		}
		out, _ := evs[0].StorageLine()
		again, err := DecodeRecord(out, seq)
		if err != nil {
			t.Fatalf("re-decoding %q: %v", out, err)
		}
		if len(again) != len(evs) {
			t.Fatalf("re-decoding gave %d events, want %d", len(again), len(evs))
		}
		for i := range evs {
			if !bytes.Equal(again[i].Encode(), evs[i].Encode()) {
				t.Fatalf("event %d differs after re-decoding:\n%s\n%s", i, again[i].Encode(), evs[i].Encode())
			}
		}
	})
}

// FuzzLogReader: any byte stream reads to an event sequence, io.EOF or an
// error, never a panic; a clean stream's events rewrite to readable lines.
func FuzzLogReader(f *testing.F) {
	f.Add([]byte(testHeader + "\n" + recTurnStart + "\n" + recTextRow + "\n" + recUser + "\n"))
	f.Add([]byte(testHeader + "\n" + recUser[:20]))
	f.Add([]byte(`{"type":"session","version":4,"id":"x","createdAt":0}` + "\n"))
	f.Add([]byte{0x28, 0xb5, 0x2f, 0xfd, 0, 0, 0})
	f.Fuzz(func(t *testing.T, data []byte) {
		r, err := NewLogReader(bytes.NewReader(data), "fuzz", LogOptions{MaxLineBytes: 1 << 16})
		if err != nil {
			return
		}
		defer r.Close()
		for range 10000 {
			e, err := r.Next()
			if err == io.EOF {
				return
			}
			if err != nil {
				return
			}
			if line, first := e.StorageLine(); first && bytes.IndexByte(line, '\n') >= 0 {
				t.Fatalf("storage line with a newline: %q", line)
			}
		}
	})
}
