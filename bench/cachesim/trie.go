package cachesim

import "slices"

// Unit is the block size of the DeepSeek cache and of the index, in tokens.
const Unit = 64

// node is one full block of some earlier request, at a fixed depth.
type node struct {
	block    []uint32 // the block's tokens; nil when indexed by hash alone
	children map[uint64][]*node
	// tails are the partial last blocks of Anthropic entries that end in
	// the block after this node (or at this node when empty).
	tails [][]uint32
	// entry: an Anthropic entry ends exactly at the end of this node.
	entry bool
}

// trie indexes requests by their 64-token blocks.
type trie struct {
	root   node
	hashed int // 0 unknown, 1 token contents, 2 hash only
}

// blockHash hashes one block of tokens (a 64-bit multiply-xorshift mix; the
// trie compares contents, so the hash only has to spread well).
func blockHash(b []uint32) uint64 {
	h := uint64(0x9e3779b97f4a7c15) ^ uint64(len(b))
	for _, t := range b {
		h ^= uint64(t)
		h *= 0xff51afd7ed558ccd
		h ^= h >> 29
	}
	h ^= h >> 32
	h *= 0xc4ceb9fe1a85ec53
	h ^= h >> 29
	return h
}

// BlockHashes returns the hashes of the full Unit-token blocks of tokens, as
// RequestBlocks takes them. A trailing partial block is not hashed.
func BlockHashes(tokens []uint32) []uint64 {
	out := make([]uint64, 0, len(tokens)/Unit)
	for i := 0; i+Unit <= len(tokens); i += Unit {
		out = append(out, blockHash(tokens[i:i+Unit]))
	}
	return out
}

func (t *trie) mode(hashed bool) error {
	want := 1
	if hashed {
		want = 2
	}
	if t.hashed != 0 && t.hashed != want {
		return ErrMixedInput
	}
	t.hashed = want
	return nil
}

// child finds the child of n holding block (hash h).
func (n *node) child(h uint64, block []uint32) *node {
	for _, c := range n.children[h] {
		if block == nil || c.block == nil || slices.Equal(c.block, block) {
			return c
		}
	}
	return nil
}

func (n *node) addChild(h uint64, block []uint32) *node {
	if n.children == nil {
		n.children = map[uint64][]*node{}
	}
	c := &node{}
	if block != nil {
		c.block = append([]uint32(nil), block...)
	}
	n.children[h] = append(n.children[h], c)
	return c
}

// blocks presents a request as hashes plus, when known, contents.
type blocks struct {
	hashes []uint64
	tokens []uint32 // nil for hash-only input
}

func (b blocks) block(i int) []uint32 {
	if b.tokens == nil {
		return nil
	}
	return b.tokens[i*Unit : (i+1)*Unit]
}

// walk returns the path of nodes matching the request's leading blocks:
// path[0] is the root, path[k] the node of block k (1-based).
func (t *trie) walk(b blocks) []*node {
	path := []*node{&t.root}
	n := &t.root
	for i, h := range b.hashes {
		c := n.child(h, b.block(i))
		if c == nil {
			break
		}
		path = append(path, c)
		n = c
	}
	return path
}

// insert adds the request's full blocks, reusing the matched path, and
// returns the node of its last full block.
func (t *trie) insert(b blocks, path []*node) *node {
	n := path[len(path)-1]
	for i := len(path) - 1; i < len(b.hashes); i++ {
		n = n.addChild(b.hashes[i], b.block(i))
	}
	return n
}
