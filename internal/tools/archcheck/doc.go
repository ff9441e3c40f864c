// Package archcheck holds one test: that docs/ARCHITECTURE.md still
// describes the tree. The page's dependency picture, its table of exact
// import edges and its table of packages are compared with the packages
// and imports the Go build sees, and the files and exported names the page
// cites must exist, so a package that lands, an import that changes or a
// rename fails the everyday test run until the page is redrawn.
package archcheck
