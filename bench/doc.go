// Package bench is the benchmark corpus of EF: the sessions that the replay
// driver runs through EF and the baseline engines side by side.
//
// DefaultCorpus is built in and needs nothing outside the module: a few
// synthetic sessions of different shapes with planted ground truth
// (package synth) and two small real trajectories embedded from
// testdata/corpus, each with its NOTICE and upstream license. SharedCorpus
// lists the trajectory files of a larger corpus directory (the project's
// shared corpus) for the real-corpus run.
//
// The trajectory files are read by the top-level package importer.
// Subpackages: synth generates workloads, cachesim estimates prompt-cache hits, stats
// holds percentiles and cost arithmetic.
package bench
