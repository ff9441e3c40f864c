package replay

import (
	"strconv"
	"sync"

	"github.com/epistemicfold/ef/hostshim"
)

func itoa(i int) string { return strconv.Itoa(i) }

// CachingMeter memoizes another meter. Messages read from a log (Raw set)
// are keyed by pointer (a Session hands out one *Message per seq) and by
// their exact bytes, so the engines of one session, each replaying into its
// own Session, share the work of tokenizing the same messages; messages
// built in Go are counted every time. Texts are keyed by value. A CachingMeter is
// safe for concurrent use; it grows with every distinct message it sees, so
// use one per source session and drop it afterwards.
type CachingMeter struct {
	m     hostshim.Meter
	mu    sync.Mutex
	ptr   map[*hostshim.Message]int
	raw   map[string]int
	texts map[string]int
}

var _ hostshim.Meter = (*CachingMeter)(nil)

// NewCachingMeter returns a cache in front of m.
func NewCachingMeter(m hostshim.Meter) *CachingMeter {
	return &CachingMeter{m: m, ptr: map[*hostshim.Message]int{}, raw: map[string]int{}, texts: map[string]int{}}
}

// Unwrap returns the meter behind the cache.
func (c *CachingMeter) Unwrap() hostshim.Meter { return c.m }

// Name returns the underlying meter's name.
func (c *CachingMeter) Name() string { return c.m.Name() }

// CountMessage returns the underlying meter's price of msg.
func (c *CachingMeter) CountMessage(msg *hostshim.Message) int {
	if msg == nil {
		return 0
	}
	if msg.Raw == nil {
		// A message built in Go (a candidate checkpoint) may be changed
		// and priced again; only messages read from a log are immutable.
		return c.m.CountMessage(msg)
	}
	c.mu.Lock()
	if n, ok := c.ptr[msg]; ok {
		c.mu.Unlock()
		return n
	}
	if n, ok := c.raw[string(msg.Raw)]; ok {
		c.ptr[msg] = n
		c.mu.Unlock()
		return n
	}
	c.mu.Unlock()
	n := c.m.CountMessage(msg)
	c.mu.Lock()
	c.ptr[msg] = n
	c.raw[string(msg.Raw)] = n
	c.mu.Unlock()
	return n
}

// CountText returns the underlying meter's price of s.
func (c *CachingMeter) CountText(s string) int {
	c.mu.Lock()
	n, ok := c.texts[s]
	c.mu.Unlock()
	if ok {
		return n
	}
	n = c.m.CountText(s)
	c.mu.Lock()
	c.texts[s] = n
	c.mu.Unlock()
	return n
}
