//! Values only the loader knows in a relocatable (STINK) file: LOC to a
//! global symbol, `.` there (the loader's `$.`), labels there and
//! assignments of values with undefined globals in them. Each expected
//! file was checked word for word against the file real MIDAS 433 writes
//! of the same source (`pdp10 midas-oracle --keep`); one line per block.

mod support;

fn rel_words(src: &str) -> Vec<u64> {
    let a = midas::assemble_str("t.mid", src).unwrap_or_else(|e| panic!("{src}: {e}"));
    a.output_words().iter().map(|w| w.raw()).collect()
}

fn check(src: &str, expected: &str) {
    support::assert_file_words(&rel_words(src), expected, src);
}

#[test]
fn loc_to_a_global_and_back() {
    // LOC TVLOC: a loader command 2 with a reference to TVLOC, then data
    // at relocatable 0. TVOFF (a value with an undefined global) and
    // TVLOC==. are "define as $." (code 7, code 6, the name: a local by
    // its symbol table entry's address 24032). LOC SAVE: an empty block
    // there, then a loader command 4 with the location. MOVE 1,TVOFF is
    // address-linked; the symbols block names TVOFF by that address.
    check(
        "TITLE P1\nRELOCA\n.GLOBAL TVLOC,TVBASE\nA:\t1\nSAVE==.\nLOC TVLOC\nTVOFF==.-TVBASE+1\n\t3,,A\n\t4\nTVLOC==.\nLOC SAVE\n\t5\n\tMOVE 1,TVOFF\nEND\n",
        "
        000600,,000003 777177,,777774
        000602,,000000 000000,,000000 000000,,000001 777175,,777776
        000203,,000002 400000,,000000 067404,,615110 000000,,000000
         310170,,162665
        000605,,000000 761076,,000000 400000,,024032 000003,,000000
         000000,,000004 467404,,615110 726465,,136627
        000600,,000001 777177,,777776
        000202,,000004 100000,,000000 000000,,000001 677575,,777772
        000603,,000001 000000,,000000 000000,,000005 200040,,000000
         577134,,777771
        000603,,000003 600000,,000000 000000,,024032 100000,,000002
         077174,,753740
        000202,,000001 000000,,000000 000000,,000000 777575,,777776
        002010,,000000 063677,,620000 000000,,000000 110310,,700000
         000000,,000000 000000,,024032 527405,,350200 526263,,346700
         000000,,000001 323666,,314643
        001001,,000000 063677,,620000 713077,,157777
        777777,,777777
        ",
    );
}

#[test]
fn assignments_of_undefined_globals_are_the_loaders() {
    // X==Y+1, Z=Y, G==Y+2 (Y undefined, G global): each defined as $.;
    // references to the locals are by entry address (flags of the field,
    // no global flag), linked when they can be; G by its name.
    check(
        "TITLE P2\nRELOCA\n.GLOBAL Y,G\nA:\t1\nX==Y+1\nZ=Y\nG==Y+2\n\tMOVE 1,X\n\tX\n\tZ+1\n\tG\n\tMOVE 2,Z\nEND\n",
        "
        000600,,000006 777177,,777771
        000616,,000000 076767,,604040 000000,,000001 400000,,025074
         000000,,022762 454760,,500000 200040,,000000 000000,,025074
         000000,,000000 000000,,022762 000000,,000001 400000,,000000
         054760,,500000 000000,,000000 200100,,000000 546070,,653577
        000605,,000006 660000,,000000 000000,,022762 100000,,000005
         000000,,025074 100000,,000001 717172,,727704
        000202,,000001 000000,,000000 000000,,000000 777575,,777776
        002010,,000000 063711,,430000 000000,,000000 110310,,700000
         000000,,000000 000000,,022762 133356,,400000 000000,,025074
         531741,,200000 714225,,577720
        001001,,000000 063711,,430000 713065,,347777
        777777,,777777
        ",
    );
}

#[test]
fn dot_and_labels_in_a_global_location() {
    // `.` is $. (a reference with the field's flags, never linked), a
    // label is defined as $., A keeps its relocation code 1.
    check(
        "TITLE P3\nRELOCA\n.GLOBAL TVLOC\nA:\t1\nSAVE==.\nLOC TVLOC\nL:\t.+1\n\tMOVE 1,.\n\tL\n\tA\nTVLOC==.\nLOC SAVE\n\tMOVE 2,L\n\tL\n\t2\nLOC TVLOC\nLOC SAVE\n\t3\nEND\n",
        "
        000600,,000002 777177,,777775
        000602,,000000 000000,,000000 000000,,000001 777175,,777776
        000203,,000002 400000,,000000 067404,,615110 000000,,000000
         310170,,162665
        000612,,000000 764040,,401760 000000,,026714 075545,,050000
         000000,,000001 175545,,050000 200040,,000000 000000,,026714
         000000,,000000 000000,,000000 467404,,615110 630146,,363054
        000600,,000001 777177,,777776
        000202,,000004 100000,,000000 000000,,000001 677575,,777772
        000605,,000001 040000,,000000 200100,,000000 000000,,026714
         000000,,000000 000000,,000002 537072,,751060
        000203,,000002 400000,,000000 067404,,615110 000000,,000000
         310170,,162665
        000600,,000001 777177,,777776
        000202,,000004 100000,,000000 000000,,000001 677575,,777772
        000602,,000001 000000,,000000 000000,,000003 777175,,777773
        000603,,000002 600000,,000000 000000,,026714 100000,,000001
         077174,,751060
        000202,,000001 000000,,000000 000000,,000000 777575,,777776
        002010,,000000 063723,,240000 000000,,000000 110310,,700000
         000000,,000000 000000,,026714 120621,,600000 526263,,346700
         000000,,000001 732426,,442161
        001001,,000000 063723,,240000 713053,,537777
        777777,,777777
        ",
    );
}

#[test]
fn load_time_conditionals_constants_and_variables_in_a_global_location() {
    // .LIFS: a block of type 11 with the names (04 global, 20 after -);
    // .ELDC: an empty block of type 12. A constants area placed where the
    // location is global is "define as $." (half-killed, by its entry in
    // MIDAS's table of areas, 20535 for the first), and literals in it
    // are references to its name ($ plus its number) with the word's
    // index in the area; a variable there is defined as $. with a zero
    // word.
    check(
        "TITLE P4\nRELOCA\nA:\t1\n\t.LIFS .LPUR\"+.LIMPU\"\n\t.LIMPU\"==$.\"\n\tLOC .LPUR\"\n\t.ELDC\n\t.LIFS -.LPUR\"\n\tLOC $.\"\n\t.ELDC\nB:\tMOVE 1,[3]\n\tMOVE 2,C\n\tMOVE 3,D\'\n\tJRST B\n\tMOVE 4,A\n\t4\nC:\t5\n\tCONSTANTS\n\tMOVE 5,[6]\nEND\n",
        "
        000600,,000012 777177,,777765
        000602,,000000 000000,,000000 000000,,000001 777175,,777776
        002202,,000001 074522,,405040 074520,,600757 604332,,571757
        000602,,000001 760000,,000000 474520,,600757 322455,,177016
        000203,,000002 400000,,000000 074522,,405040 000000,,000000
         303052,,372735
        002400,,000000 775377,,777777
        002201,,000000 274522,,405040 501054,,372737
        000203,,000002 400000,,000000 075545,,050000 000000,,000000
         302027,,727775
        002400,,000000 775377,,777777
        000625,,000000 764040,,404010 000000,,022162 134773,,600001
         200040,,000000 100000,,020034 200100,,000000 100000,,026505
         200140,,000000 100000,,022162 254000,,000000 200200,,000000
         000000,,000004 760760,,407600 000000,,020034 000000,,000005
         400000,,020535 000000,,000003 134773,,600002 200240,,000000
         000000,,026505 000000,,000000 163202,,161541
        000603,,000012 760000,,000000 400000,,020540 000000,,000006
         417174,,757216
        000202,,000001 000000,,000000 000000,,000000 777575,,777776
        002012,,000000 063735,,050000 000000,,000000 000000,,020034
         111726,,100000 110310,,700000 000000,,000000 000000,,022162
         111117,,400000 000000,,026505 112534,,600000 243715,,437054
        001001,,000000 063735,,050000 713041,,727777
        777777,,777777
        ",
    );
}

#[test]
fn expunge_writes_nothing_for_names_found() {
    // EXPUNGE of a local, of a name never seen (its first entry free), of
    // a loader-valued label (then no link request for it at END) and of a
    // global: no record in the file.
    check(
        "TITLE P6\nRELOCA\n.GLOBAL TVLOC,G\nA:\t1\nB==5\n\tEXPUNGE B\n\tEXPUNGE NOSUCH\nLOC TVLOC\nC:\t2\nLOC A+1\n\tMOVE 1,C\n\tEXPUNGE C\nG==3\n\tEXPUNGE G\n\t3\nIF2 EXPUNGE A\nEND\n",
        "
        000600,,000003 777177,,777774
        000602,,000000 000000,,000000 000000,,000001 777175,,777776
        000203,,000002 400000,,000000 067404,,615110 000000,,000000
         310170,,162665
        000603,,000000 760000,,000000 000000,,020034 000000,,000002
         017174,,757741
        000600,,000001 777177,,777776
        000202,,000004 100000,,000000 000000,,000001 677575,,777772
        000605,,000001 074000,,000000 200040,,000000 454760,,500000
         000000,,000003 000000,,000003 026152,,277770
        000600,,000003 777177,,777774
        000202,,000001 000000,,000000 000000,,000000 777575,,777776
        002002,,000000 063760,,470000 000000,,000000 712015,,307777
        001001,,000000 063760,,470000 713016,,307777
        777777,,777777
        ",
    );
}

#[test]
fn expunge_of_a_name_not_in_the_table_tells_the_loader() {
    // Gensyms G00001-G00004 made on both passes; G00005 never: its first
    // entry is taken, and its search ends at the free one (25421; no
    // expunged entry before it), so real MIDAS writes code 7, code 2, 400000,,25421 and a
    // null name. The labels' entries are their entries on pass 2 (made
    // again after pass 1's EXPUNGEs).
    check(
        "TITLE P7\nRELOCA\n.GLOBAL TVLOC\nDEFINE MK \\S,T\nS==.\nLOC TVLOC\nT:\t2\nLOC S\n\tMOVE 1,T\nTERMIN\nA:\t1\n\tMK\n\tMK\nDEFINE XXP \\A\n\tEXPUNGE A\n\tTERMIN\n\t.GSSET 0\n\tREPEAT 5,XXP\n\t3\nEND\n",
        "
        000600,,000004 777177,,777773
        000602,,000000 000000,,000000 000000,,000001 777175,,777776
        000203,,000002 400000,,000000 067404,,615110 000000,,000000
         310170,,162665
        000603,,000000 760000,,000000 000000,,015664 000000,,000002
         017174,,762111
        000600,,000001 777177,,777776
        000202,,000004 100000,,000000 000000,,000001 677575,,777772
        000602,,000001 000000,,000000 200040,,000000 577135,,777776
        000203,,000002 400000,,000000 067404,,615110 000000,,000000
         310170,,162665
        000603,,000000 760000,,000000 000000,,015177 000000,,000002
         017174,,762576
        000600,,000002 777177,,777775
        000202,,000004 100000,,000000 000000,,000002 677575,,777771
        000605,,000002 072000,,000000 200040,,000000 400000,,025421
         400000,,000000 000000,,000003 505132,,752350
        000600,,000004 777177,,777773
        000202,,000001 000000,,000000 000000,,000000 777575,,777776
        002004,,000000 063772,,300000 000000,,000000 110310,,700000
         000000,,000000 601470,,577777
        001001,,000000 063772,,300000 713004,,477777
        777777,,777777
        ",
    );
}

#[test]
fn expunge_of_a_name_not_found_names_the_first_expunged_entry_its_search_meets() {
    // XAN's entry is ZDP's first (115), SSS takes 116 and is expunged:
    // EXPUNGE ZDP (never seen) meets XAN, then SSS's expunged entry,
    // where real MIDAS would define ZDP: 400000,,13271 (12535+3*116).
    check(
        "TITLE P\nRELOCA\nXAN:\t1\nSSS:\t2\n\tEXPUNGE SSS\n\tEXPUNGE ZDP\n\t3\nEND\n",
        "
        000600,,000003 777177,,777774
        000606,,000000 007200,,000000 000000,,000001 000000,,000002
         400000,,013271 400000,,000000 000000,,000003 767771,,764477
        000600,,000003 777177,,777774
        000202,,000001 000000,,000000 000000,,000000 777575,,777776
        002004,,000000 063654,,200000 000000,,000000 132122,,420000
         000000,,000000 557775,,157777
        001001,,000000 063654,,200000 713122,,577777
        777777,,777777
        ",
    );
}

#[test]
fn a_full_block_ends_inside_an_expunge_record() {
    // Gensyms never made, expunged: one record each whose first entry is
    // taken. The block is full after the first word of the 14th record
    // (36 octal words); its null new name begins the next block, before
    // that block's first bits word (real MIDAS's AEXPU1 does not hold the
    // block open, as mudsys;putget's END shows).
    check(
        "TITLE PX\nRELOCA\nDEFINE XXP \\A\n\tEXPUNGE A\n\tTERMIN\n\t1\n\t2\n\tREPEAT 40,XXP\n\t2\nEND\n",
        "
        000600,,000003 777177,,777774
        000636,,000000 007272,,727272 000000,,000001 000000,,000002
         400000,,013252 400000,,000000 400000,,025421 400000,,000000
         400000,,030017 400000,,000000 400000,,014322 400000,,000000
         400000,,027131 400000,,000000 727272,,727272 400000,,024021
         400000,,000000 400000,,025176 400000,,000000 400000,,025550
         400000,,000000 400000,,015361 400000,,000000 400000,,016566
         400000,,000000 400000,,017121 400000,,000000 727200,,000000
         400000,,027310 400000,,000000 400000,,024172 511153,,536624
        000607,,000002 400000,,000000 727200,,000000 400000,,030003
         400000,,000000 400000,,030366 400000,,000000 000000,,000002
         447770,,717377
        000600,,000003 777177,,777774
        000202,,000001 000000,,000000 000000,,000000 777575,,777776
        002002,,000000 064370,,220000 000000,,000000 711405,,557777
        001001,,000000 064370,,220000 712406,,557777
        777777,,777777
        ",
    );
}

#[test]
fn a_global_declared_takes_its_entry_then() {
    // .GLOBAL XAN enters XAN (an undefined global) in real MIDAS's table
    // at once, in ZDP's first entry (115): the loader's label ZDP is then
    // known by the next one, 13271 (12535+3*116). END's link requests
    // walk the table: XAN's before ZDP's.
    check(
        "TITLE PG\nRELOCA\n.GLOBAL TVLOC,XAN\nA:\t1\nLOC TVLOC\nZDP:\t2\nLOC A+1\n\tMOVE 1,ZDP\n\tMOVE 2,XAN\nEND\n",
        "
        000600,,000003 777177,,777774
        000602,,000000 000000,,000000 000000,,000001 777175,,777776
        000203,,000002 400000,,000000 067404,,615110 000000,,000000
         310170,,162665
        000603,,000000 760000,,000000 000000,,013271 000000,,000002
         017174,,764504
        000600,,000001 777177,,777776
        000202,,000004 100000,,000000 000000,,000001 677575,,777772
        000603,,000001 000000,,000000 200040,,000000 200100,,000000
         377034,,777776
        000605,,000003 660000,,000000 072122,,420000 100000,,000002
         000000,,013271 100000,,000001 625050,,344477
        000202,,000001 000000,,000000 000000,,000000 777575,,777776
        002006,,000000 064122,,210000 000000,,000000 000000,,013271
         133575,,442000 110310,,700000 000000,,000000 445541,,212506
        001001,,000000 064122,,210000 712654,,567777
        777777,,777777
        ",
    );
}

#[test]
fn globals_before_relocatable_on_pass_2_are_written_ahead() {
    // Real MIDAS 433 is still relocatable at the start of pass 2 (from
    // pass 1): .GLOBAL of names defined on pass 1 writes their definitions
    // (PB and GC code 4, LB code 0) into the block pass 1 left at its
    // END, addressed by `.` (100); PB= and GC== write theirs again (GC
    // half-killed), then RELOCATABLE begins the usual blocks.
    check(
        "TITLE P\n.GLOBAL PB,GC,LB\nPB=100\nGC==0\nRELOCA\nLB:\t1\nEND\n",
        "
        000613,,000100 747470,,747400 064041,,340000 000000,,000100
         055157,,450000 000000,,000000 161006,,740000 000000,,000000
         064041,,340000 000000,,000100 455157,,450000 000000,,000000
         744023,,050075
        000604,,000000 700000,,000000 161006,,740000 000000,,000000
         000000,,000001 716165,,037775
        000600,,000001 777177,,777776
        000202,,000001 000000,,000000 000000,,000000 777575,,777776
        002002,,000000 063654,,200000 000000,,000000 712121,,577777
        001001,,000000 063654,,200000 713122,,577777
        777777,,777777
        ",
    );
}

#[test]
fn lop_is_a_loader_command_whose_result_is_lval1() {
    // `.LOP op a b` (A.LOP): the block begun ends, then loader command 7
    // with the three fields as data words (X, a local only the loader
    // knows, named by its entry's address 25074; FOO by its SQUOZE; BAZ,
    // an undefined global, too). `FOO==.LVAL1` is "define as $." of the
    // global FOO (half-killed: flags 44).
    check(
        "TITLE T\nRELOCATABLE\n.GLOBAL FOO,BAR,BAZ\nX==$.+10\n\t1\n.LOP ADD X 5\nFOO==.LVAL1\n\
         .LOP <ASH @> FOO,<,-3>\nBAR==.LVAL1\n.LOP IOR BAZ 1\n\t2\nEND\n",
        "
        000600,,000002 777177,,777775
        000603,,000000 760000,,000000 400000,,025074 000000,,000001 417174,,752701
        000205,,000007 040000,,000000 270000,,000000 000000,,025074 000000,,000000 000000,,000005
         447572,,752667
        000602,,000001 760000,,000000 454544,,175000 342431,,602775
        000205,,000007 040000,,000000 240020,,000000 054544,,175000 000000,,000000 000000,,777775
         423005,,602773
        000602,,000001 760000,,000000 451301,,604000 345674,,173775
        000205,,000007 040000,,000000 434000,,000000 051303,,554000 000000,,000000 000000,,000001
         232267,,223767
        000602,,000001 000000,,000000 000000,,000002 777175,,777774
        000600,,000002 777177,,777775
        000202,,000001 000000,,000000 000000,,000000 777575,,777776
        002004,,000000 066706,,600000 000000,,000000 000000,,025074 531741,,200000 155123,,752703
        001001,,000000 066706,,600000 710070,,177777
        777777,,777777
        ",
    );
}

#[test]
fn lop_in_an_absolute_assembly_is_refused() {
    let e = midas::assemble_str("t.mid", ".LOP ADD 1 2\nEND\n").unwrap_err();
    assert!(
        e.to_string().contains(".LOP in an absolute assembly"),
        "{e}"
    );
}
