// Heartbeat MODE PHOTOS WIDTH HEIGHT POOL
//
// Makes PHOTOS JPEGs of WIDTH×HEIGHT (a smooth pattern with detail, quality 85), then scales them
// all at once to 1125×1125 and encodes them as JPEG, while a task sleeps until each 10 ms tick and
// records how late it woke. MODE `blocking` calls the synchronous scale in a task group (the
// recipe before the async API); `async` calls the async scale on a WorkerPool of POOL threads.
// Prints one JSON object: the mode, the ticks, the worst and 99th-percentile lateness in
// milliseconds, and the wall time of the scales.
import Foundation
import RichPreviewImaging

let arguments = CommandLine.arguments
guard arguments.count == 6, let count = Int(arguments[2]), let width = Int(arguments[3]),
    let height = Int(arguments[4]), let poolSize = Int(arguments[5]), ["blocking", "async"].contains(arguments[1])
else {
    FileHandle.standardError.write(Data("usage: Heartbeat blocking|async PHOTOS WIDTH HEIGHT POOL\n".utf8))
    exit(2)
}
let mode = arguments[1]

func photo(_ seed: Int) throws -> Data {
    let size = PixelSize(width: width, height: height)
    var pixels = [UInt8](repeating: 255, count: size.pixelCount * 4)
    pixels.withUnsafeMutableBufferPointer { buffer in
        for y in 0..<height {
            for x in 0..<width {
                let index = (y * width + x) * 4
                buffer[index] = UInt8(truncatingIfNeeded: x / 4 + seed * 29)
                buffer[index + 1] = UInt8(truncatingIfNeeded: y / 4 + (x * y) % 7)
                buffer[index + 2] = UInt8(truncatingIfNeeded: (x ^ y) / 8)
            }
        }
    }
    return try ImageEncoder.encode(RGBAImage(size: size, pixels: pixels), as: .jpeg(quality: 85)).data
}

/// The synchronous scale, from a synchronous function, as a task of the old recipe calls it.
func scaleBlocking(_ data: Data, _ request: ScaleRequest) throws -> PixelSize {
    try ImageScaler.scale(data, to: request, encodingAs: .jpeg(quality: 85)).size
}

let photos = try (0..<count).map(photo)
let request = ScaleRequest(box: PixelSize(width: 1125, height: 1125))
let pool = WorkerPool(threads: poolSize)
let clock = ContinuousClock()
let heartbeat = Task { () async -> [Double] in
    var next = clock.now
    var late: [Double] = []
    while !Task.isCancelled {
        next = next.advanced(by: .milliseconds(10))
        try? await Task.sleep(until: next, clock: clock)
        let (seconds, attoseconds) = (clock.now - next).components
        late.append(Double(seconds) * 1000 + Double(attoseconds) / 1e15)
    }
    return late
}
let started = clock.now
let scaled = try await withThrowingTaskGroup(of: PixelSize.self) { group in
    for data in photos {
        if mode == "blocking" {
            group.addTask { try scaleBlocking(data, request) }
        } else {
            group.addTask { try await ImageScaler.scale(data, to: request, encodingAs: .jpeg(quality: 85), on: pool).size }
        }
    }
    var sizes: [PixelSize] = []
    for try await size in group { sizes.append(size) }
    return sizes
}
let (seconds, attoseconds) = (clock.now - started).components
heartbeat.cancel()
let late = await heartbeat.value.sorted()
let worst = late.last ?? 0
let p99 = late.isEmpty ? 0 : late[min(late.count - 1, Int(Double(late.count) * 0.99))]
let wall = Double(seconds) * 1000 + Double(attoseconds) / 1e15
print(
    #"{"mode": "\#(mode)", "photos": \#(scaled.count), "ticks": \#(late.count), "worstMs": \#(worst), "p99Ms": \#(p99), "wallMs": \#(wall)}"#
)
