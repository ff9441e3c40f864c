package main

import (
	"context"
	"io"
	"os"

	"github.com/epistemicfold/ef/origin/action"
	"github.com/epistemicfold/ef/sidecar"
)

// RunServe implements `ef serve` on the process's stdin.
func RunServe(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	return serveClient(ctx, "ef serve", stdout, stderr, func(ctx context.Context, stdout io.Writer) error {
		return serve(ctx, args, os.Stdin, stdout, stderr)
	})
}

// serve parses the flags and runs the sidecar (package sidecar) on stdin
// and stdout.
func serve(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := newFlags("serve", "serve [--store DIR | --project DIR] [--act-root DIR]… [--origin DIR]… [-v]", stderr,
		"Runs the DSH sidecar: JSON-RPC 2.0 over stdin/stdout, one object per line (see dsh-plugin/README.md).")
	storeDir := fs.String("store", "", "bundle store directory: an existing store, or a missing or empty directory, which becomes one (created 0700; a directory holding other files is refused); empty: folds fail soft and recall is unavailable, unless --project is given")
	project := fs.String("project", "", "workspace root: use its default store under the user's data directory (see ef mcp -h)")
	verbose := fs.Bool("v", false, "log to stderr")
	var af actFlags
	af.register(fs, "act-")
	var origins multiFlag
	fs.Var(&origins, "origin", "directory of task.origin files: answers context/request (Northbridge) over them (repeatable)")
	if err := parseNone(fs, args); err != nil {
		return err
	}
	if *storeDir != "" && *project != "" {
		return usageError("--store and --project exclude each other")
	}
	if err := checkOrigins(origins); err != nil {
		return err
	}
	if *project != "" {
		dir, err := projectStoreDir(*project)
		if err != nil {
			return err
		}
		*storeDir = dir
	} else if *storeDir != "" {
		if err := checkStoreToFold(*storeDir); err != nil {
			return err
		}
	}
	logger := stderrLogger(stderr, *verbose)
	var kernel *action.Kernel
	if af.enabled() {
		var err error
		if kernel, err = af.open(logger); err != nil {
			return err
		}
		defer kernel.Close()
	}
	srv := sidecar.New(sidecar.Options{
		StoreDir:    *storeDir,
		Logger:      logger,
		Version:     efVersion,
		Actions:     kernel,
		OriginRoots: origins,
	})
	defer srv.Close()
	return srv.Serve(ctx, stdin, stdout)
}
