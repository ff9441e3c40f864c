package hostshim_test

import (
	"fmt"
	"io"
	"log"

	"github.com/epistemicfold/ef/hostshim"
)

const sampleLog = "testdata/logs/examples__headless-agent__compaction-recovery__session.jsonl"

// Stream a persisted log event by event; memory stays bounded by the
// longest line, whatever the file size.
func ExampleOpenLog() {
	r, err := hostshim.OpenLog(sampleLog, hostshim.LogOptions{})
	if err != nil {
		log.Fatal(err)
	}
	defer r.Close()
	n := 0
	for {
		if _, err := r.Next(); err == io.EOF {
			break
		} else if err != nil {
			log.Fatal(err) // a *hostshim.LogError naming file, line and field
		}
		n++
	}
	fmt.Println("format", r.Header().Version, "wire", r.Generation(), "events", n, "torn tail", r.Truncated() != nil)
	// Output: format 0 wire 0.1.0 events 31 torn tail false
}

// Price a session's surface as the host's token meter does.
func ExampleMeasureSurface() {
	s, err := hostshim.ReadSession(sampleLog, hostshim.LogOptions{Lenient: true})
	if err != nil {
		log.Fatal(err)
	}
	m, err := hostshim.MeasureSurface(s, hostshim.HeuristicMeter{})
	if err != nil {
		log.Fatal(err)
	}
	for _, n := range m.Nodes {
		fmt.Printf("seq %d: %d tokens\n", n.Seq, n.Tokens)
	}
	fmt.Println("surface", m.Surface, "header", m.Header, "total", m.Total)
	// Output:
	// seq 21: 116 tokens
	// seq 13: 29 tokens
	// seq 15: 14 tokens
	// seq 28: 13 tokens
	// surface 172 header 4392 total 4564
}
