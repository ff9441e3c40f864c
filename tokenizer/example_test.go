package tokenizer_test

import (
	"fmt"
	"log"

	"github.com/epistemicfold/ef/tokenizer"
)

// Count real tokens offline with an embedded encoding. Share one
// Registry per process: each encoding loads once, on first use.
func ExampleRegistry() {
	tok := tokenizer.New(tokenizer.Options{})
	m, err := tok.Meter(tokenizer.O200k)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(m.Name(), m.CountText("hello world, this is a test"))
	// Output: o200k_base 7
}
