package projection

// Units a number may carry in a setting's value, named once for every
// pattern that reads a value with its unit (valPat, sizedNum, terseNum,
// valueMakeRE), so "the quota is 5 GiB per tenant", "raise the limit to
// 30 req/min" and "make the limit 30/min" keep their units wherever the
// setting is said. Each is a regular-expression fragment for patterns
// compiled case-insensitive; a pattern puts \b after it.
const (
	// rateUnit is a count per time written with a slash: "req/min",
	// "tokens/s", "msgs/h".
	rateUnit = `(?:req|reqs|requests|calls|msgs|messages|ops|tokens|events|jobs|writes|reads|queries|hits|emails|mails|r)/(?:s|sec|second|m|min|minute|h|hr|hour|d|day)`
	// measureUnit measures time, size, length, weight, money, print
	// resolution, bandwidth or a rate.
	measureUnit = `(?:ms|µs|ns|s|sec|secs|seconds?|minutes?|mins?|min|h|hrs?|hours?|days?|d|weeks?|months?|years?|mm|cm|km|m|(?i:kb|mb|gb|tb|kib|mib|gib|tib)|ki|mi|gi|ti|Ki|Mi|Gi|Ti|k|px|pt|pts|dpi|ppi|gsm|kg|g|x|dollars?|euros?|usd|eur|gbp|kbps|mbps|gbps|rps|qps|rpm|req/s|` + rateUnit + `)`
	// countUnit is what a number counts in a setting: "50 rows", "3
	// replicas", "4 vCPUs".
	countUnit = `(?:pages|rows|lines|chars|characters|items|entries|workers|threads|requests|replicas|connections|retries|tokens|attempts|calls|messages|files|jobs|users|nodes|pods|shards|partitions|cores|cpus|vcpus|gpus|records|events|bytes)`
	// perTail is what a value counts per: "per user", "a day", "every
	// hour"; after "per" any one word ("200 tokens per summary").
	perTail = `(?:\s(?:per|a|an|every)\s(?:second|minute|hour|day|week|month|request|user|client|job|file|row|batch|run|node|worker|core|gpu|item|page|sheet|tenant|account|key|ip)\b|\sper\s\p{L}[\p{L}\-]{1,20}\b)`
)

// perTailRE is perTail at the start of a text.
var perTailRE = mustPattern(`(?i)^` + perTail)
