package knowledge

import "embed"

// Files holds every shipped knowledge base (*.al1, *.al3) by file name.
//
//go:embed *.al*
var Files embed.FS
