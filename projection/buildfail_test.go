package projection

import "testing"

func TestBuildFailure(t *testing.T) {
	for _, c := range []struct {
		name, text, want string
	}{
		{"linker line above collect2", "[88/89] Linking CXX executable sensorhub.elf\nld: region `FLASH' overflowed by 6180 bytes\ncollect2: error: ld returned 1 exit status", "ld: region `FLASH' overflowed by 6180 bytes"},
		{"cross linker", "/opt/arm/bin/arm-none-eabi-ld: main.o: undefined reference to `uart_init'\ncollect2: error: ld returned 1 exit status", "/opt/arm/bin/arm-none-eabi-ld: main.o: undefined reference to `uart_init'"},
		{"collect2 alone", "collect2: error: ld returned 1 exit status", "collect2: error: ld returned 1 exit status"},
		{"clang driver", "clang: error: linker command failed with exit code 1 (use -v to see invocation)", "clang: error: linker command failed with exit code 1 (use -v to see invocation)"},
		{"msvc", "LINK : fatal error LNK1104: cannot open file 'fw.lib'", "LINK : fatal error LNK1104: cannot open file 'fw.lib'"},
		{"ninja", "FAILED: src/CMakeFiles/fw.dir/uart.c.o\nninja: build stopped: subcommand failed.", "ninja: build stopped: subcommand failed."},
		{"recursive make", "make[2]: *** [src/CMakeFiles/fw.dir/build.make:76: src/uart.o] Error 1", "make[2]: *** [src/CMakeFiles/fw.dir/build.make:76: src/uart.o] Error 1"},
		{"cmake configure", "CMake Error at CMakeLists.txt:12 (find_package):\n  Could not find GTest\n-- Configuring incomplete, errors occurred!", "CMake Error at CMakeLists.txt:12 (find_package):"},
		{"ctest with gtest", "[  FAILED  ] RingBufferTest.WrapAround (0 ms)\n\n96% tests passed, 2 tests failed out of 44\n\nThe following tests FAILED:\n\t 17 - RingBufferTest.WrapAround (Failed)\nErrors while running CTest", "[  FAILED  ] RingBufferTest.WrapAround"},
		{"ctest count", "90% tests passed, 1 tests failed out of 10", "90% tests passed, 1 tests failed out of 10"},
		{"leak sanitizer", "=================================================================\n==4711==ERROR: LeakSanitizer: detected memory leaks\n\nSUMMARY: LeakSanitizer: 64 byte(s) leaked in 1 allocation(s).", "==4711==ERROR: LeakSanitizer: detected memory leaks"},
		{"thread sanitizer", "==================\nWARNING: ThreadSanitizer: data race (pid=7)", "WARNING: ThreadSanitizer: data race (pid=7)"},
		// negative
		{"ctest all passed", "100% tests passed, 0 tests failed out of 44\n\nTotal Test time (real) =   0.52 sec", ""},
		{"build passed", "[41/41] Linking CXX executable test/fw_tests", ""},
		{"warning", "uart.c:12:5: warning: unused variable 'x' [-Wunused-variable]", ""},
		{"gtest passed", "[==========] 44 tests from 6 test suites ran. (3 ms total)\n[  PASSED  ] 44 tests.", ""},
		{"sanitizer options echoed", "ASAN_OPTIONS=detect_leaks=0:halt_on_error=1", ""},
		{"the words in prose", "no linker error this time; CMake errors were fixed earlier", ""},
	} {
		if got := buildFailure(c.text); got != c.want {
			t.Errorf("%s: buildFailure = %q, want %q", c.name, got, c.want)
		}
	}
}

// TestBuildFailureNoStatus: a result recorded with no exit status (an
// ATIF trajectory) whose closing lines say the build or the tests failed
// opens a failure; one whose output is shown by cat does not.
func TestBuildFailureNoStatus(t *testing.T) {
	out := reduceAll(t, `
> user
build the firmware
> assistant
> call bash {"command": "cmake --build build-fw -j2 | tail -3"}
> result
[88/89] Linking CXX executable sensorhub.elf
ld: region `+"`FLASH'"+` overflowed by 6180 bytes
collect2: error: ld returned 1 exit status
> assistant
> call bash {"command": "cat build-fw/last.log"}
> result
collect2: error: ld returned 1 exit status
> assistant
> call bash {"command": "cmake --build build-rtos"}
> result
FAILED: src/CMakeFiles/fw.dir/tasks.c.o
src/tasks.c:88:9: error: implicit declaration of function 'xTaskCreateStatic' [-Wimplicit-function-declaration]
ninja: build stopped: subcommand failed.
[exit code: 1]
> assistant
> call bash {"command": "ctest --test-dir build-host | tail -4"}
> result
96% tests passed, 2 tests failed out of 44
Errors while running CTest
[exit code: 8]
`)
	expect(t, out, []string{
		"failure command/-/cmake --build build-fw -j2 \\[open/empirical\\] = failed: ld: region",
		"failure command/-/ctest --test-dir build-host \\[open",
		"failure command/-/cmake --build build-rtos \\[open/empirical\\] = failed: src/tasks.c:88:9: error: implicit",
	}, []string{"failure command/-/cat"})
}
