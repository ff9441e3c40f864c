package recall

import (
	"testing"
	"time"
)

// TestQueueBytes: a take waits while the queue holds bytes and the take
// would pass the bound, a take larger than the bound passes alone, and
// close releases every waiter.
func TestQueueBytes(t *testing.T) {
	q := newQueueBytes(100)
	q.take(250) // alone: passes though larger than the bound
	got := make(chan int, 2)
	go func() { q.take(10); got <- 10 }()
	select {
	case <-got:
		t.Fatal("take passed while the queue held more than its bound")
	case <-time.After(50 * time.Millisecond):
	}
	q.give(250)
	if n := <-got; n != 10 {
		t.Fatal(n)
	}
	q.take(90) // 10 + 90 fits
	go func() { q.take(1); got <- 1 }()
	select {
	case <-got:
		t.Fatal("take passed over the bound")
	case <-time.After(50 * time.Millisecond):
	}
	q.close()
	if n := <-got; n != 1 {
		t.Fatal(n)
	}
}
