// Package mutatecheck holds one test: that every named mutant in
// scripts/mutate still matches the code it mutates. The mutants themselves
// run in CI (about ten minutes); a stale one there fails CI, so this test
// brings the cheap half of that check into the README's test command,
// where a change that moves mutated code meets it first.
package mutatecheck
