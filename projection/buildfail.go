package projection

import "strings"

// Failures a build tool, a test driver or a sanitizer states at the end of
// a run whose host recorded no exit status (an ATIF trajectory, a harness
// that returns the output alone).
//
// The closing lines that say so: the compiler driver's or linker's error
// ("collect2: error: ld returned 1 exit status", "clang: error: linker
// command failed …", "LINK : fatal error LNK1104: …"), make's and
// ninja's stop ("make[2]: *** [all] Error 2", "ninja: build stopped:
// subcommand failed."), CMake's ("CMake Error at CMakeLists.txt:12 …",
// "-- Configuring incomplete, errors occurred!"), CTest's count and
// stop ("96% tests passed, 2 tests failed out of 44", "Errors while
// running CTest"), and a sanitizer's report ("==4711==ERROR:
// AddressSanitizer: heap-buffer-overflow …", "SUMMARY: LeakSanitizer: 64
// byte(s) leaked …", "WARNING: ThreadSanitizer: data race"). A
// sanitizer's report is a bug found even where the program went on and
// exited 0 (halt_on_error=0). What a run that failed this way failed on is
// the line that says what: the linker's own line above collect2's ("ld:
// region `FLASH' overflowed by 6180 bytes"), GoogleTest's "[  FAILED  ]
// RingBufferTest.WrapAround".

var (
	buildFailRE = mustPattern(`(?m)^[ \t]*(?:collect2(?:\.exe)?|(?:\S*/)?(?:ld(?:\.lld|\.gold|\.bfd)?|lld|(?:[\w.-]+-)?(?:gcc|g\+\+|cc|c\+\+|clang|clang\+\+)(?:-\d+)?)(?:\.exe)?): (?:fatal )?error: \S` +
		`|^[ \t]*LINK : fatal error LNK\d+` +
		`|^[ \t]*ninja: build stopped: subcommand failed` +
		`|^[ \t]*g?make(?:\[\d+\])?: \*\*\* \S.*Error \d+` +
		`|^[ \t]*CMake Error\b|^-- Configuring incomplete, errors occurred!` +
		`|^[ \t]*\d+% tests passed, [1-9]\d* tests? failed out of \d+|^[ \t]*Errors while running CTest` +
		`|^[ \t]*==\d+==ERROR: (?:Address|Leak|Memory|Thread|UndefinedBehavior|HWAddress)Sanitizer\b` +
		`|^[ \t]*SUMMARY: (?:Address|Leak|Memory|Thread|UndefinedBehavior|HWAddress)Sanitizer: ` +
		`|^[ \t]*WARNING: ThreadSanitizer: `)
	// gtestFailedRE is GoogleTest's line for a test that failed.
	gtestFailedRE = mustPattern(`(?m)^[ \t]*\[  FAILED  \] [\w/.]+\.[\w/]+`)
	// linkerLineRE is a line the linker printed ("ld: …", "/usr/bin/ld: …",
	// "arm-none-eabi-ld: …").
	linkerLineRE = mustPattern(`^[ \t]*(?:\S*/)?(?:[\w.-]+-)?ld(?:\.\w+)?(?:\.exe)?: \S`)
)

// buildFailure is the line of text saying what a build, a test driver or
// a sanitizer failed on, "" when its closing lines say no such failure.
func buildFailure(text string) string {
	loc := buildFailRE.FindStringIndex(text)
	if loc == nil {
		return ""
	}
	if m := gtestFailedRE.FindString(text); m != "" {
		return strings.TrimSpace(m)
	}
	l := lineAt(text, loc[0])
	if strings.HasPrefix(strings.TrimSpace(l), "collect2") {
		before := strings.TrimRight(text[:strings.LastIndex(text[:loc[0]+1], "\n")+1], "\n")
		if prev := before[strings.LastIndex(before, "\n")+1:]; linkerLineRE.MatchString(prev) {
			return strings.TrimSpace(prev)
		}
	}
	return l
}
