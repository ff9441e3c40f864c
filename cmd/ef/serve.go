package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"

	"github.com/epistemicfold/ef/origin/action"
	"github.com/epistemicfold/ef/sidecar"
)

// RunServe implements `ef serve` on the process's stdin.
func RunServe(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	return serve(ctx, args, os.Stdin, stdout, stderr)
}

// serve parses the flags and runs the sidecar (package sidecar) on stdin
// and stdout.
func serve(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	fs.SetOutput(stderr)
	storeDir := fs.String("store", "", "bundle store directory (created 0700); empty: folds fail soft and recall is unavailable, unless --project is given")
	project := fs.String("project", "", "workspace root: use its default store under the user's data directory (see ef mcp -h)")
	verbose := fs.Bool("v", false, "log to stderr")
	var af actFlags
	af.register(fs, "act-")
	var origins multiFlag
	fs.Var(&origins, "origin", "directory of task.origin files: answers context/request (Northbridge) over them (repeatable)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: ef serve [--store DIR | --project DIR] [--act-root DIR]… [--origin DIR]… [-v]")
		fmt.Fprintln(stderr, "Runs the DSH sidecar: JSON-RPC 2.0 over stdin/stdout, one object per line (see dsh-plugin/README.md).")
		fs.PrintDefaults()
	}
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() != 0 {
		return usageError("unexpected arguments %q", fs.Args())
	}
	if *storeDir != "" && *project != "" {
		return usageError("--store and --project exclude each other")
	}
	for _, o := range origins {
		if fi, err := os.Stat(o); err != nil || !fi.IsDir() {
			return usageError("--origin %s is not a directory of task.origin files", o)
		}
	}
	if *project != "" {
		dir, err := projectStoreDir(*project)
		if err != nil {
			return err
		}
		*storeDir = dir
	}
	level := slog.LevelWarn
	if *verbose {
		level = slog.LevelDebug
	}
	var kernel *action.Kernel
	if af.enabled() {
		opts, err := af.options()
		if err != nil {
			return err
		}
		if kernel, err = action.Open(opts); err != nil {
			if errors.Is(err, action.ErrOptions) {
				return usageError("%v", err)
			}
			return err
		}
		defer kernel.Close()
	}
	srv := sidecar.New(sidecar.Options{
		StoreDir:    *storeDir,
		Logger:      slog.New(slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: level})),
		Version:     efVersion,
		Actions:     kernel,
		OriginRoots: origins,
	})
	defer srv.Close()
	return srv.Serve(ctx, stdin, stdout)
}
