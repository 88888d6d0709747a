//! Tests of [`super`].

use super::*;

fn value(name: &str) -> Option<u64> {
    predefined().find(|(n, _)| *n == name).map(|(_, v)| v)
}

#[test]
fn values_from_itsdfs_and_bits() {
    // itsdfs.8: .ITSOP, .ITSCL, .ITSUS.
    assert_eq!(value(".CLOSE"), Some(0o042000_000007));
    assert_eq!(value(".LOGOUT"), Some(0o042000_000033));
    assert_eq!(value(".PDTIME"), Some(0o042000_000054));
    assert_eq!(value(".SHUTDN"), Some(0o042000_000067));
    assert_eq!(value(".RDATIM"), Some(0o042000_000102));
    assert_eq!(value(".VALUE"), Some(0o043200_000000));
    assert_eq!(value(".SUSET"), Some(0o043540_000000));
    assert_eq!(value(".ROPTION"), Some(0o54));
    assert_eq!(value(".SSNAM"), Some(0o400016));
    assert_eq!(value("..RJCL"), Some(5));
    // bits.117.
    assert_eq!(value("%TJDIS"), Some(0o4000));
    assert_eq!(value("%CLIMM"), Some(0o1000));
    assert_eq!(value("%OPCMD"), Some(0o40000));
    assert_eq!(value("%LSFIL"), Some(0o1400));
    assert_eq!(value("%PIIOC"), Some(0o400));
    assert_eq!(value("%JSELF"), Some(0o777777));
    assert_eq!(value(".UAI"), Some(0));
    assert_eq!(value(".BIO"), Some(7));
}

#[test]
fn oper_names_for_the_disassembler() {
    assert_eq!(uuo_name(0o042, 1, false, 0o54), Some((".PDTIME", true)));
    assert_eq!(uuo_name(0o042, 1, false, 0o67), Some((".SHUTDN", true)));
    assert_eq!(uuo_name(0o042, 1, false, 0o777), Some((".OPER", false)));
    assert_eq!(uuo_name(0o043, 4, false, 0), Some((".VALUE", false)));
}

#[test]
fn numbers_by_name_for_the_shim() {
    // itsdfs.8: .IOT is 040, .ACCESS 047; .VALUE is .CALL 4, .SUSET 13.
    assert_eq!(uuo_number(".IOT"), 0o040);
    assert_eq!(uuo_number(".ACCESS"), 0o047);
    assert_eq!(call_number(".CALL"), 0);
    assert_eq!(call_number(".VALUE"), 0o4);
    assert_eq!(call_number(".FDELE"), 0o11);
    assert_eq!(call_number(".SUSET"), 0o13);
    assert_eq!(call_number(".POTSET"), 0o16);
}
