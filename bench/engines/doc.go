// Package engines holds the contestants of the benchmark, each a
// replay.Engine over the hostshim model of the host: no compaction, the
// host's Basic engine, observation masking (the host's tool-result
// pruner protocol), and EF (package engine with a bundle store and a
// recall index).
//
// All of them see the same window, the same meter and the same scripted
// summarizer. An engine value serves one session; make one per session
// with New.
package engines
