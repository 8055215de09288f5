package dev.llmassert.core.eval;

import java.util.ArrayList;
import java.util.List;

/** An annotator that looks at one response at a time; {@code judge} is {@code null} for plain code. */
record PerResponseAnnotator(String name, String judge, Annotator.ResponseAnnotator perResponse) implements Annotator {

    @Override
    public List<Annotation> annotate(TestItem item, List<Interaction> interactions) throws Exception {
        List<Annotation> annotations = new ArrayList<>(interactions.size());
        for (Interaction interaction : interactions) {
            annotations.add(perResponse.annotate(item, interaction));
        }
        return annotations;
    }

    @Override
    public String toString() {
        return "Annotator[" + name + (judge == null ? "" : ", " + judge) + "]";
    }
}
