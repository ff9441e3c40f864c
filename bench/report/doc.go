// Package report renders a benchmark run (bench.Report): an aligned
// terminal table, a JSON document for scripts, and a self-contained HTML
// page with inline SVG charts (context size over requests, cache hits,
// cost against the cache price ratio ρ) that needs no external assets.
//
// Functions here are pure over their input and safe for concurrent use.
package report
