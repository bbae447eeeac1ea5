import Foundation

/// Damaged copies of a file's bytes for robustness tests, reproducible from a seed.
public enum ByteMutation {
    /// `data` with 1–4 bytes changed and, one time in three, cut short.
    public static func mutated(_ data: Data, seed: UInt64) -> Data {
        var state = seed &* 6364136223846793005 &+ 1442695040888963407
        func next() -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int(truncatingIfNeeded: state >> 33)
        }
        var bytes = [UInt8](data)
        for _ in 0..<(1 + next() % 4) where !bytes.isEmpty {
            bytes[next() % bytes.count] = UInt8(truncatingIfNeeded: next())
        }
        if next() % 3 == 0 { bytes = Array(bytes.prefix(next() % (bytes.count + 1))) }
        return Data(bytes)
    }
}
