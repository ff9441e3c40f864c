package projection

import (
	"strings"
	"testing"
)

// A pass on another device or target is no rerun (otherdevice.go).
func TestOtherDevicePass(t *testing.T) {
	const out = "com.mall.app.login.LoginFlowTest > loginShowsErrorOnBadPassword[Pixel_4_API_30(AVD) - 11] FAILED \n\tandroidx.test.espresso.NoMatchingViewException: No views in hierarchy found matching\nTests on Pixel_4_API_30(AVD) - 11 failed: There was 1 failure(s).\n\nBUILD FAILED in 3m 8s"
	cases := []struct {
		name, user, failed, passed string
		open                       bool
	}{
		{"repro zh: another serial", "跑一下 connectedDebugAndroidTest，两个模拟器都要（API 30 和 API 34）",
			"ANDROID_SERIAL=emulator-5554 ./gradlew connectedDebugAndroidTest --console=plain 2>&1 | tail -8", "ANDROID_SERIAL=emulator-5556 ./gradlew connectedDebugAndroidTest --console=plain 2>&1 | tail -4", true},
		{"en: another serial", "run connectedDebugAndroidTest on both emulators (API 30 and API 34)",
			"ANDROID_SERIAL=emulator-5554 ./gradlew connectedDebugAndroidTest", "ANDROID_SERIAL=emulator-5556 ./gradlew connectedDebugAndroidTest", true},
		{"ja: another device option", "両方のエミュレータで connectedDebugAndroidTest を回して",
			"./gradlew connectedDebugAndroidTest --device emulator-5554", "./gradlew connectedDebugAndroidTest --device=emulator-5556", true},
		{"bash -lc, another serial", "run the instrumented tests",
			"bash -lc 'ANDROID_SERIAL=emulator-5554 ./gradlew connectedDebugAndroidTest'", "bash -lc 'ANDROID_SERIAL=emulator-5556 ./gradlew connectedDebugAndroidTest'", true},
		// near misses: the same device, no selector again, a variable of another kind
		{"the same serial", "run the instrumented tests",
			"ANDROID_SERIAL=emulator-5554 ./gradlew connectedDebugAndroidTest", "ANDROID_SERIAL=emulator-5554 ./gradlew connectedDebugAndroidTest", false},
		{"selector left out", "run the instrumented tests",
			"ANDROID_SERIAL=emulator-5554 ./gradlew connectedDebugAndroidTest", "./gradlew connectedDebugAndroidTest", false},
		{"another log level", "run the instrumented tests",
			"GRADLE_OPTS=-Xmx2g ./gradlew connectedDebugAndroidTest", "GRADLE_OPTS=-Xmx4g ./gradlew connectedDebugAndroidTest", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			script := strings.Join([]string{
				"> user", c.user,
				"> assistant", scriptCall("bash", map[string]any{"command": c.failed}),
				"> result error", out,
				"> assistant", scriptCall("bash", map[string]any{"command": c.passed}),
				"> result", "Starting 18 tests on Pixel_7_API_34(AVD) - 14\nFinished 18 tests on Pixel_7_API_34(AVD) - 14\n\nBUILD SUCCESSFUL in 2m 41s",
			}, "\n")
			got := reduceAll(t, script)
			open := `failure test/-/com.mall.app.login.LoginFlowTest > loginShowsErrorOnBadPassword.* \[(?:open|investigating)/`
			if c.open {
				expect(t, got, []string{open}, nil)
			} else {
				expect(t, got, nil, []string{open})
			}
		})
	}
	// pytest's -s takes no value: two runs of other files pick no device
	if otherDevice("pytest -s tests/a.py", "pytest -s tests/b.py") {
		t.Error("pytest -s read as a device")
	}
	if !otherDevice("adb -s emulator-5554 shell am instrument -w x", "adb -s emulator-5556 shell am instrument -w x") {
		t.Error("adb -s not read")
	}
}
