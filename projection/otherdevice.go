package projection

import "strings"

// A pass on another device is no rerun.
//
// "ANDROID_SERIAL=emulator-5554 ./gradlew connectedDebugAndroidTest"
// fails LoginFlowTest on the API 30 emulator; the same task with
// ANDROID_SERIAL=emulator-5556 passes on the API 34 one. The second run
// is of the same code on another device: it says nothing of the first,
// whose failure stays open. A passing call that picks another device,
// host or platform than the failed one did (the same selector given
// another value: an environment variable naming a serial, device,
// simulator, platform, target, host, region or the like, or an option
// such as adb's -s, --device, --destination, --target, --platform,
// --browser) resolves nothing of it. A variable of another kind
// (RUST_LOG=debug, CI=1), one selector left out or given the same value
// changes nothing here.

var (
	// selectorVarRE is an environment variable that picks where a run
	// runs.
	selectorVarRE = mustPattern(`(?i)(?:^|_)(?:SERIAL|DEVICE|DEVICES|UDID|SIMULATOR|EMULATOR|AVD|PLATFORM|TARGET|HOST|NODE|REGION|ZONE|CLUSTER|KUBECONTEXT|CONTEXT|BROWSER|GPU|API_LEVEL|SDK)(?:$|_)|^CUDA_VISIBLE_DEVICES$`)

	// selectorOptRE is an option that picks where a run runs, its value
	// in group v.
	selectorOptRE = mustPattern(`(?:^|\s)(?:adb\s+-s|--serial|--device|--device-id|--udid|--destination|--target|--platform|--browser|--host|--region|--context|--avd)(?:=|\s+)(?P<v>'[^']*'|"[^"]*"|\S+)`)
)

// selectors are the device or target selectors command c gives, each by
// its variable or option and value.
func selectors(c string) map[string]string {
	out := map[string]string{}
	if in, ok := shellScript(c); ok {
		c = in
	}
	for _, st := range stagesOf(c) {
		for _, f := range strings.Fields(st) {
			if !envAssign.MatchString(f) {
				break
			}
			k, v, _ := strings.Cut(f, "=")
			if selectorVarRE.MatchString(k) {
				out[k] = strings.Trim(v, `'"`)
			}
		}
		for _, m := range selectorOptRE.FindAllStringSubmatchIndex(st, 8) {
			// the option, its value cut off: "--device", "adb -s"
			v := 2 * selectorOptRE.SubexpIndex("v")
			opt := strings.TrimRight(strings.TrimSpace(st[m[0]:m[v]]), "= ")
			out[opt] = strings.Trim(st[m[v]:m[v+1]], `'"`)
		}
	}
	return out
}

// otherDevice reports whether passing call passed picks another device
// or target than failed call failed did (see above).
func otherDevice(failed, passed string) bool {
	if failed == "" || passed == "" {
		return false
	}
	fs := selectors(failed)
	if len(fs) == 0 {
		return false
	}
	for k, v := range selectors(passed) {
		if w, ok := fs[k]; ok && w != v {
			return true
		}
	}
	return false
}
