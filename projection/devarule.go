package projection

// Hindi in Devanagari states a rule by its prohibition ("prod config कभी
// मत छूना": never touch the prod config, "मत" before or after the verb)
// or by a negated infinitive that stands as an order ("main पर force push
// नहीं करना"), with or without a label that names it a rule ("नियम:",
// "नियम है:"). A statement with "नहीं" ("यह कभी नहीं चला": it never ran)
// and a question are none.

// devaProhibitRE is a Devanagari prohibition: "मत" as its own word, or
// "नहीं" before an infinitive that ends the sentence ("नहीं करना", "नहीं
// छूना है").
var devaProhibitRE = mustPattern(`(?:^|\s)मत(?:\s|$|[.,!।])|(?:^|\s)(?:कभी\s+(?:भी\s+)?)?नहीं\s+\S+ना(?:\s+है)?\s*[.!।]?\s*$`)

// devaRule reports whether sentence s is a Hindi rule in Devanagari.
func devaRule(s string) bool {
	return devaProhibitRE.MatchString(s) && !questionRE.MatchString(s)
}
