package knowledge

import "embed"

// Files holds every shipped knowledge base (*.al1, *.al3) by file name,
// and the shipped vocabularies (lib/*.al) that bases import by name.
//
//go:embed *.al* lib/*.al
var Files embed.FS
