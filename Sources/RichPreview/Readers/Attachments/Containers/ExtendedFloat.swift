/// The 80-bit IEEE 754 extended-precision number AIFF stores its sample rate in: a sign bit, a
/// 15-bit exponent biased by 16383 and a 64-bit significand with an explicit integer bit.
enum ExtendedFloat {
    /// The value of the 10 bytes at `offset` of `bytes`; nil for infinities, NaNs and values out of
    /// `Double`'s range.
    static func value(_ bytes: [UInt8], at offset: Int) -> Double? {
        guard offset >= 0, offset <= bytes.count - 10 else { return nil }
        let signAndExponent = bytes.uint16BE(offset)
        let significand = bytes.uint64BE(offset + 2)
        let exponent = signAndExponent & 0x7FFF
        guard exponent != 0x7FFF else { return nil }
        if significand == 0 { return 0 }
        let unbiased = exponent - 16383 - 63
        guard (-1100...1000).contains(unbiased) else { return nil }
        let magnitude = Double(sign: .plus, exponent: unbiased, significand: Double(significand))
        return signAndExponent & 0x8000 != 0 ? -magnitude : magnitude
    }
}
