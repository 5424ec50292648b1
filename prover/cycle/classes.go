package cycle

// Class is a procedure class of the cycle (DESIGN.md, "The AL3 execution
// cycle", point 2). Each cycle runs one procedure of the cheapest class
// that has a candidate; the classes' order is their order in classes.
type Class uint8

const (
	LemmaClass      Class = iota // evaluate a lemma hypothesis
	EasyClass                    // apply an easy method
	MetaClass                    // run a meta-plan (OR, MOD)
	RefutationClass              // evaluate a refutation hypothesis ref(..)
	PlanClass                    // evaluate a plan hypothesis suc(..)
	HardClass                    // apply a hard method
)

// classData is what the cycle knows of a class.
type classData struct {
	// name is how a step names the procedure: an evaluation by this name
	// alone, a method or meta-plan by this name and its own.
	name string
	// appliesTo says what the class's procedures apply to.
	appliesTo string
	// evaluates is the kind of hypothesis an evaluation class decides
	// (Plain for the classes that are not evaluations).
	evaluates Kind
}

// classes is the one list of the procedure classes, cheapest first.
var classes = [...]classData{
	LemmaClass:      {name: "evaluate lemma", appliesTo: "an open lemma hypothesis", evaluates: Lemma},
	EasyClass:       {name: "easy method", appliesTo: "an easy method whose pre lists an open hypothesis and whose fact conditions hold"},
	MetaClass:       {name: "meta-plan", appliesTo: "two failed refutations of an open suc(P) (OR), or a refuted plan P with relations suc(P) -> C (MOD)"},
	RefutationClass: {name: "evaluate refutation", appliesTo: "an open refutation hypothesis ref(R, P)", evaluates: Refutation},
	PlanClass:       {name: "evaluate plan", appliesTo: "an open plan hypothesis suc(P)", evaluates: Plan},
	HardClass:       {name: "hard method", appliesTo: "a hard method whose pre lists an open hypothesis and whose fact conditions hold"},
}

func (c Class) String() string { return classes[c].name }

// AppliesTo says what the procedures of class c apply to.
func (c Class) AppliesTo() string { return classes[c].appliesTo }

// Classes returns the procedure classes, cheapest first.
func Classes() []Class {
	out := make([]Class, len(classes))
	for i := range classes {
		out[i] = Class(i)
	}
	return out
}

// evaluationClass returns the class that evaluates hypotheses of kind k.
func evaluationClass(k Kind) (Class, bool) {
	for i, c := range classes {
		if c.evaluates == k && k != Plain {
			return Class(i), true
		}
	}
	return 0, false
}

// methodClass returns the class of an easy or hard method.
func methodClass(hard bool) Class {
	if hard {
		return HardClass
	}
	return EasyClass
}
