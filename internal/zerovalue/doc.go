// Package zerovalue holds no code, only a test: every exported method of
// the public packages, called on a zero value and on a nil pointer with
// zero arguments, must return (an error or a documented zero result), not
// panic. A library user who forgot a constructor gets an error.
package zerovalue
