package main

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"slices"

	"github.com/epistemicfold/ef/recall"
)

// The default store is per project (storedir.go): a DSH session folds into
// the store of its workspace. --all-projects searches every such store
// under the user's data directory at once, and finds the one holding a
// recall ref.

// projectStores returns the per-project default stores, sorted, and the
// directory that holds them.
func projectStores() ([]string, string, error) {
	home, err := efHome()
	if err != nil {
		return nil, "", err
	}
	root := filepath.Join(home, "projects")
	entries, err := os.ReadDir(root)
	if errors.Is(err, os.ErrNotExist) {
		return nil, root, fmt.Errorf("no project stores under %s (DSH sessions, ef serve --project and ef mcp create them; EF_HOME moves them)", root)
	}
	if err != nil {
		return nil, root, err
	}
	var dirs []string
	for _, e := range entries {
		if e.IsDir() && e.Name()[0] != '.' {
			dirs = append(dirs, filepath.Join(root, e.Name()))
		}
	}
	if len(dirs) == 0 {
		return nil, root, fmt.Errorf("no project stores under %s", root)
	}
	return dirs, root, nil
}

// storeHits is one project store's answer to an --all-projects search.
type storeHits struct {
	Store  string               `json:"store"`
	Result *recall.SearchResult `json:"result"`
}

// searchAllProjects runs req over every project store and prints the
// stores with hits, the best first (by their best hit's score; scores of
// different stores are comparable only roughly, so each store's hits stay
// together).
func searchAllProjects(ctx context.Context, req recall.SearchRequest, limit int, asJSON bool, stdout, stderr io.Writer) error {
	dirs, root, err := projectStores()
	if err != nil {
		return err
	}
	var found []storeHits
	for _, dir := range dirs {
		res, err := searchOneStore(ctx, dir, req, stderr)
		if err != nil {
			if searchIsRequestError(err) {
				return usageError("%v", err)
			}
			// One broken store does not hide the others' answers.
			fmt.Fprintf(stderr, "ef search: skipping %s: %v\n", dir, err)
			continue
		}
		// A store whose only matches are in damaged bundles is listed
		// too: its note names them.
		if len(res.Hits) > 0 || len(res.Unavailable) > 0 {
			found = append(found, storeHits{dir, res})
		}
	}
	best := func(f storeHits) float64 {
		if len(f.Result.Hits) == 0 {
			return math.Inf(-1)
		}
		return f.Result.Hits[0].Score
	}
	slices.SortStableFunc(found, func(a, b storeHits) int { return cmp.Compare(best(b), best(a)) })
	if asJSON {
		return writeJSON(stdout, struct {
			Query  string      `json:"query"`
			Stores int         `json:"stores"`
			Hits   []storeHits `json:"results"`
		}{req.Query, len(dirs), found})
	}
	if len(found) == 0 {
		_, err := fmt.Fprintf(stdout, "No hits for %q in the %d project stores under %s.\n", req.Query, len(dirs), root)
		return err
	}
	fmt.Fprintf(stdout, "Hits in %d of the %d project stores under %s, the best first.\n", len(found), len(dirs), root)
	for _, f := range found {
		fmt.Fprintf(stdout, "\n== %s\n%s", f.Store, cliSearchText(recall.RenderSearch(f.Result), f.Store, "", limit))
	}
	return nil
}

// searchOneStore searches one store in project scope.
func searchOneStore(ctx context.Context, dir string, req recall.SearchRequest, stderr io.Writer) (*recall.SearchResult, error) {
	st, err := searchOpenStore(dir, true)
	if err != nil {
		return nil, err
	}
	defer st.Close()
	idx, cleanup, err := searchOpenIndex(ctx, "search", st, stderr)
	if err != nil {
		return nil, err
	}
	defer cleanup()
	return idx.Search(ctx, req)
}

// storeOfRef returns the project store that holds a ref's checkpoint
// (checkpoint ids are unique, so at most one does).
func storeOfRef(ctx context.Context, ref, session string) (string, error) {
	r, err := recall.ParseRef(ref)
	if err != nil {
		return "", usageError("%v", err)
	}
	if r.SessionID == "" {
		r.SessionID = session
	}
	if r.SessionID == "" {
		return "", usageError("--all-projects needs the ref's session: a ref ending in @<session> (ef search prints one) or --session")
	}
	dirs, root, err := projectStores()
	if err != nil {
		return "", err
	}
	for _, dir := range dirs {
		st, err := searchOpenStore(dir, false)
		if err != nil {
			continue
		}
		_, err = st.Source().Checkpoint(ctx, r.SessionID, r.CheckpointID)
		st.Close()
		if err == nil || errors.Is(err, recall.ErrUnavailable) && !errors.Is(err, os.ErrNotExist) {
			return dir, nil
		}
	}
	return "", fmt.Errorf("checkpoint %s of session %q is in none of the %d project stores under %s", r.CheckpointID, r.SessionID, len(dirs), root)
}
