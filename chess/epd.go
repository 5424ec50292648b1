package chess

import (
	"strconv"
	"strings"
)

// ParseEPD reads an EPD record: the four position fields of a FEN (board,
// side to move, castling, en passant) followed by operations, `opcode
// operand...;` each (`id "KPK 1"; hmvc 3; bm Kc5;`; the last one's ';'
// may be left out). The operations hmvc
// and fmvn set the halfmove clock and the fullmove number (0 and 1
// without them). A line that is a whole FEN (six fields, the last two
// numbers) is read as one, with no operations. It returns the position and
// the operations, opcode to operands (a quoted operand without its
// quotes; several operands joined by a space). Errors are *ParseError with
// Form "EPD" for the operations, "FEN" for the position fields.
func ParseEPD(s string) (Position, map[string]string, error) {
	fields := strings.Fields(s)
	if len(fields) == 6 && isCounter(fields[4]) && isCounter(fields[5]) {
		p, err := ParseFEN(s)
		if err != nil {
			return Position{}, nil, err
		}
		return p, map[string]string{}, nil
	}
	if len(fields) < 4 {
		_, err := ParseFEN(s) // says which fields are missing
		return Position{}, nil, err
	}
	// The operations are read from s itself after the four fields, so
	// that quoted operands keep their spaces.
	rest := strings.TrimLeft(s, " \t")
	for range 4 {
		rest = strings.TrimLeft(rest[strings.IndexAny(rest+" ", " \t"):], " \t")
	}
	ops, err := epdOps(rest)
	if err != nil {
		return Position{}, nil, err
	}
	hmvc, fmvn := "0", "1"
	if v, ok := ops["hmvc"]; ok {
		hmvc = v
	}
	if v, ok := ops["fmvn"]; ok {
		fmvn = v
	}
	p, err := ParseFEN(strings.Join(append(fields[:4:4], hmvc, fmvn), " "))
	if err != nil {
		return Position{}, nil, err
	}
	return p, ops, nil
}

func isCounter(s string) bool {
	_, err := strconv.ParseUint(s, 10, 32)
	return err == nil
}

func epdErr(format string, args ...any) error {
	e := fenErr("operations", format, args...).(*ParseError)
	e.Form = "EPD"
	return e
}

// epdOps reads EPD operations into a map of opcode to operands.
func epdOps(s string) (map[string]string, error) {
	ops := map[string]string{}
	for s = strings.TrimSpace(s); s != ""; s = strings.TrimSpace(s) {
		var words []string
		for s != "" && s[0] != ';' {
			switch {
			case s[0] == ' ' || s[0] == '\t':
				s = s[1:]
			case s[0] == '"':
				end := strings.IndexByte(s[1:], '"')
				if end < 0 {
					return nil, epdErr("a string without its closing quote: %s", s)
				}
				words = append(words, s[1:1+end])
				s = s[end+2:]
			default:
				end := strings.IndexAny(s, " \t;\"")
				if end < 0 {
					end = len(s)
				}
				words = append(words, s[:end])
				s = s[end:]
			}
		}
		// The last operation may leave out its ';', as many files do.
		s = strings.TrimPrefix(s, ";")
		if len(words) == 0 {
			return nil, epdErr("an empty operation (';' alone)")
		}
		if _, dup := ops[words[0]]; dup {
			return nil, epdErr("the opcode %s twice", words[0])
		}
		ops[words[0]] = strings.Join(words[1:], " ")
	}
	return ops, nil
}
