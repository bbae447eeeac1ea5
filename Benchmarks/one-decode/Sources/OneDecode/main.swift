// Times, in one process, the two ways of making an attachment's sizes from a JPEG:
//   A  the three calls: ImageValidator.validate(data), then ImageScaler.scale(data, to: ScaleRequest)
//      once per box (1125 and 375 by default): three decodes;
//   B  one ImageScaler.scale(data, to: [ScaleRequest]) for all the boxes: one decode.
// Rounds alternate A, B, A, B, ... over the same N photos (the first N JPEGs of FOLDER by name,
// cycled when there are fewer); each round's photos per second is recorded and the median of the
// rounds reported. Every ScaleRequest has threads: 1 in the `single` mode, and the default
// (ScaleRequest.defaultThreads) in the `default` mode. Before the rounds of each mode, an untimed
// pass compares, for every photo, each of B's images with A's image for the same box: equal
// samples, or the largest difference of a sample and the PSNR over RGB. Prints a Markdown report
// to stdout and progress to stderr; exits 3 when a target fails, 1 on an error.
// Built and run by Benchmarks/one-decode-benchmark.sh; see Benchmarks/README.md.
//
// Usage: OneDecode FOLDER N [--rounds R] [--boxes 1125,375] [--modes single,default]
//                           [--target 1.4] [--min-psnr 45] [--json FILE]
import Foundation
import RichPreviewImaging

#if canImport(Glibc)
    import Glibc
#endif

// MARK: - Options

enum Mode: String {
    case single, `default`
    var threads: Int { self == .single ? 1 : ScaleRequest.defaultThreads }
    var label: String { self == .single ? "1 (`threads: 1`)" : "default (`threads: \(threads)`)" }
}

struct Options {
    var folder = ""
    var count = 0
    var rounds = 7
    var boxes = [1125, 375]
    var modes: [Mode] = [.single, .default]
    var target = 1.4
    var minimumPSNR = 45.0
    var json: String?
}

func fail(_ message: String, status: Int32 = 1) -> Never {
    FileHandle.standardError.write(Data("OneDecode: error: \(message)\n".utf8))
    exit(status)
}

func note(_ message: String) {
    FileHandle.standardError.write(Data("OneDecode: \(message)\n".utf8))
}

func parseOptions() -> Options {
    let usage =
        "usage: OneDecode FOLDER N [--rounds R] [--boxes 1125,375] [--modes single,default] [--target 1.4] [--min-psnr 45] [--json FILE]"
    var options = Options()
    var positional: [String] = []
    var arguments = CommandLine.arguments.dropFirst()
    func value(_ flag: String) -> String {
        guard let next = arguments.popFirst() else { fail("\(flag) needs a value\n\(usage)", status: 2) }
        return next
    }
    while let argument = arguments.popFirst() {
        switch argument {
        case "--rounds":
            guard let n = Int(value(argument)), n >= 1 else { fail("--rounds must be a positive integer", status: 2) }
            options.rounds = n
        case "--boxes":
            let boxes = value(argument).split(separator: ",").map { Int($0) }
            guard !boxes.isEmpty, boxes.allSatisfy({ ($0 ?? 0) >= 1 }) else {
                fail("--boxes must be positive integers separated by commas", status: 2)
            }
            options.boxes = boxes.map { $0! }
        case "--modes":
            let modes = value(argument).split(separator: ",").map { Mode(rawValue: String($0)) }
            guard !modes.isEmpty, modes.allSatisfy({ $0 != nil }) else {
                fail("--modes must be single, default or both, separated by commas", status: 2)
            }
            options.modes = modes.map { $0! }
        case "--target":
            guard let x = Double(value(argument)), x > 0 else { fail("--target must be a positive number", status: 2) }
            options.target = x
        case "--min-psnr":
            guard let x = Double(value(argument)) else { fail("--min-psnr must be a number", status: 2) }
            options.minimumPSNR = x
        case "--json":
            options.json = value(argument)
        case "-h", "--help":
            print(usage)
            exit(0)
        default:
            if argument.hasPrefix("--") { fail("unknown option \(argument)\n\(usage)", status: 2) }
            positional.append(argument)
        }
    }
    guard positional.count == 2, let count = Int(positional[1]), count >= 1 else { fail(usage, status: 2) }
    options.folder = positional[0]
    options.count = count
    return options
}

// MARK: - Photos

struct PhotoFile {
    let name: String
    let data: Data
    let size: PixelSize
}

/// The JPEGs of `folder` by name (extension .jpg or .jpeg and the FF D8 FF signature).
func loadFiles(_ folder: String) -> [PhotoFile] {
    let names: [String]
    do {
        names = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
    } catch {
        fail("cannot list \(folder): \(error)")
    }
    var files: [PhotoFile] = []
    for name in names where ["jpg", "jpeg"].contains((name as NSString).pathExtension.lowercased()) {
        let path = (folder as NSString).appendingPathComponent(name)
        guard let data = FileManager.default.contents(atPath: path) else { fail("cannot read \(path)") }
        guard data.starts(with: [0xFF, 0xD8, 0xFF]) else {
            note("skipping \(name): not a JPEG")
            continue
        }
        do {
            let info = try ImageValidator.validate(data)
            files.append(PhotoFile(name: name, data: data, size: info.size))
        } catch {
            fail("\(name) does not validate: \(error)")
        }
    }
    return files
}

// MARK: - Clocks and statistics

let clock = ContinuousClock()

extension Duration {
    var seconds: Double {
        let (s, attoseconds) = components
        return Double(s) + Double(attoseconds) * 1e-18
    }
}

/// CPU time of the whole process (all threads), user and system.
func processCPUSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) * 1e-9
}

/// Busy CPU seconds of the whole machine (all processes) from /proc/stat: user, nice, system, irq,
/// softirq and steal; nil where there is no /proc/stat.
func machineBusySeconds() -> Double? {
    guard let text = try? String(contentsOfFile: "/proc/stat", encoding: .utf8),
        let first = text.split(separator: "\n").first, first.hasPrefix("cpu ")
    else { return nil }
    let fields = first.split(separator: " ").dropFirst().compactMap { Double($0) }
    guard fields.count >= 8 else { return nil }
    let ticks = Double(sysconf(Int32(_SC_CLK_TCK)))
    return (fields[0] + fields[1] + fields[2] + fields[5] + fields[6] + fields[7]) / ticks
}

func median(_ values: [Double]) -> Double {
    guard !values.isEmpty else { return .nan }
    let sorted = values.sorted()
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

func fixed(_ value: Double, _ digits: Int) -> String {
    value.isFinite ? String(format: "%.\(digits)f", value) : (value > 0 ? "∞" : "n/a")
}

/// Keeps the results alive so that no call can be optimised away.
nonisolated(unsafe) var sink = 0
@inline(never) func consume(_ image: RGBAImage) {
    sink &+= image.size.width &+ Int(image.pixels.last ?? 0)
}

// MARK: - The two ways

func requests(_ boxes: [Int], threads: Int) -> [ScaleRequest] {
    boxes.map { ScaleRequest(box: PixelSize(width: $0, height: $0), threads: threads) }
}

/// A: validate, then one scale per request. Returns each call's duration (validate first).
@inline(never)
func runA(_ data: Data, _ requests: [ScaleRequest], times: inout [Duration]) throws(ImageDecodingError) {
    var start = clock.now
    let info = try ImageValidator.validate(data)
    sink &+= info.size.width
    var end = clock.now
    times[0] += end - start
    for (index, request) in requests.enumerated() {
        start = end
        consume(try ImageScaler.scale(data, to: request).image)
        end = clock.now
        times[index + 1] += end - start
    }
}

/// B: one scale for all the requests.
@inline(never)
func runB(_ data: Data, _ requests: [ScaleRequest]) throws(ImageDecodingError) {
    let scaled = try ImageScaler.scale(data, to: requests)
    for image in scaled.images { consume(image) }
}

struct Round {
    var wall: Double
    var cpu: Double
    /// A only: seconds in validate and in each scale, summed over the photos.
    var calls: [Double]
    /// Seconds per file, summed over its photos.
    var perFile: [Double]
    /// CPU seconds the rest of the machine used meanwhile (nil without /proc/stat).
    var others: Double?
}

func timeRound(_ way: String, photos: [Int], files: [PhotoFile], requests: [ScaleRequest]) -> Round {
    var calls = [Duration](repeating: .zero, count: requests.count + 1)
    var perFile = [Duration](repeating: .zero, count: files.count)
    let machine0 = machineBusySeconds()
    let cpu0 = processCPUSeconds()
    let start = clock.now
    do {
        for index in photos {
            let photoStart = clock.now
            if way == "A" {
                try runA(files[index].data, requests, times: &calls)
            } else {
                try runB(files[index].data, requests)
            }
            perFile[index] += clock.now - photoStart
        }
    } catch {
        fail("\(way) failed: \(error)")
    }
    let wall = (clock.now - start).seconds
    let cpu = processCPUSeconds() - cpu0
    let others = machineBusySeconds().flatMap { end in machine0.map { max(0, end - $0 - cpu) } }
    return Round(
        wall: wall, cpu: cpu, calls: way == "A" ? calls.map(\.seconds) : [], perFile: perFile.map(\.seconds),
        others: others)
}

// MARK: - Pixels

struct Difference {
    var equal: Bool
    var sameSize: Bool
    var maxAbs: Int
    /// Over R, G and B: 10·log10(255² / MSE); +∞ when equal.
    var psnr: Double
    var alphaEqual: Bool
}

func compare(_ a: RGBAImage, _ b: RGBAImage) -> Difference {
    guard a.size == b.size, a.pixels.count == b.pixels.count else {
        return Difference(equal: false, sameSize: false, maxAbs: 255, psnr: -.infinity, alphaEqual: false)
    }
    if a.pixels == b.pixels {
        return Difference(equal: true, sameSize: true, maxAbs: 0, psnr: .infinity, alphaEqual: true)
    }
    var squares: UInt64 = 0
    var maxAbs = 0
    var alphaEqual = true
    a.pixels.withUnsafeBufferPointer { p in
        b.pixels.withUnsafeBufferPointer { q in
            var index = 0
            while index < p.count {
                for channel in 0..<3 {
                    let d = Int(p[index + channel]) - Int(q[index + channel])
                    squares &+= UInt64(d * d)
                    maxAbs = max(maxAbs, abs(d))
                }
                if p[index + 3] != q[index + 3] {
                    alphaEqual = false
                    maxAbs = max(maxAbs, abs(Int(p[index + 3]) - Int(q[index + 3])))
                }
                index += 4
            }
        }
    }
    let mse = Double(squares) / Double(a.size.pixelCount * 3)
    let psnr = mse == 0 ? Double.infinity : 10 * log10(255 * 255 / mse)
    return Difference(equal: false, sameSize: true, maxAbs: maxAbs, psnr: psnr, alphaEqual: alphaEqual)
}

/// What the check pass found for one file and one box, over every photo cut from that file.
struct PixelRow: Equatable {
    var file: Int
    var box: Int
    var size: PixelSize = PixelSize(width: 0, height: 0)
    var sizeB: PixelSize = PixelSize(width: 0, height: 0)
    var photos = 0
    var equal = 0
    var maxAbs = 0
    var minPSNR = Double.infinity
    var alphaEqual = true
    var denominatorsA: Set<Int> = []
    var denominatorsB: Set<Int> = []
    /// PSNR of A's and of B's image against the reference: the file decoded at full size (DCT
    /// scale 1/1) and resampled to the same size by the same filter.
    var referencePSNRA = Double.nan
    var referencePSNRB = Double.nan
}

/// The reference images of `data` for `requests`: `scale(_:to:)` for many requests, with a first
/// request whose box holds the whole upright image, so that the JPEG is decoded at 1/1.
func referenceImages(_ data: Data, stored: PixelSize, requests: [ScaleRequest]) throws(ImageDecodingError)
    -> [RGBAImage]
{
    let side = max(stored.width, stored.height)
    var whole = requests[0]
    whole.box = PixelSize(width: side, height: side)
    let scaled = try ImageScaler.scale(data, to: [whole] + requests)
    guard scaled.jpegScaleDenominator == 1 else {
        fail("the reference was decoded at 1/\(scaled.jpegScaleDenominator)")
    }
    return Array(scaled.images.dropFirst())
}

/// For every photo, A's images (and validate) against B's, with `requests`.
/// Also counts the threads A's scales used (`ScaleReport.threadsUsed`), and compares both with the
/// reference once per file.
func checkPixels(photos: [Int], files: [PhotoFile], requests: [ScaleRequest], boxes: [Int])
    -> (rows: [PixelRow], threadsUsed: [Int: Int])
{
    var rows = files.indices.flatMap { file in boxes.map { PixelRow(file: file, box: $0) } }
    var threadsUsed: [Int: Int] = [:]
    for index in photos {
        let data = files[index].data
        do {
            let info = try ImageValidator.validate(data)
            let a = try requests.map { request throws(ImageDecodingError) in try ImageScaler.scale(data, to: request) }
            let b = try ImageScaler.scale(data, to: requests)
            guard b.images.count == requests.count else {
                fail("\(files[index].name): B gave \(b.images.count) images for \(requests.count) requests")
            }
            guard info.size == b.inputSize, info.orientation == b.orientation, info.format == b.format else {
                fail("\(files[index].name): B reports \(b.inputSize) \(b.format), validate \(info.size) \(info.format)")
            }
            for scaled in a { threadsUsed[scaled.report.threadsUsed, default: 0] += 1 }
            let reference =
                rows[index * boxes.count].photos == 0
                ? try referenceImages(data, stored: files[index].size, requests: requests) : nil
            for (k, (scaled, image)) in zip(a, b.images).enumerated() {
                let difference = compare(scaled.image, image)
                var row = rows[index * boxes.count + k]
                if let reference {
                    row.referencePSNRA = compare(reference[k], scaled.image).psnr
                    row.referencePSNRB = compare(reference[k], image).psnr
                }
                row.size = scaled.image.size
                row.sizeB = image.size
                row.photos += 1
                if difference.equal { row.equal += 1 }
                row.maxAbs = max(row.maxAbs, difference.maxAbs)
                row.minPSNR = min(row.minPSNR, difference.psnr)
                row.alphaEqual = row.alphaEqual && difference.alphaEqual
                row.denominatorsA.insert(scaled.report.jpegScaleDenominator)
                row.denominatorsB.insert(b.jpegScaleDenominator)
                rows[index * boxes.count + k] = row
            }
        } catch {
            fail("\(files[index].name): \(error)")
        }
    }
    return (rows.filter { $0.photos > 0 }, threadsUsed)
}

// MARK: - The run

let options = parseOptions()
let files = loadFiles(options.folder)
guard !files.isEmpty else { fail("no JPEG in \(options.folder)") }
let photos = (0..<options.count).map { $0 % files.count }
let boxes = options.boxes
let boxList = boxes.map(String.init).joined(separator: ", ")

struct ModeResult {
    var mode: Mode
    var pixels: [PixelRow]
    var threadsUsed: [Int: Int]
    var a: [Round] = []
    var b: [Round] = []
    var pixelSeconds = 0.0
}

var results: [ModeResult] = []
let runStart = clock.now
for mode in options.modes {
    let request = requests(boxes, threads: mode.threads)
    note("\(mode.rawValue) (threads \(mode.threads)): checking the pixels of \(photos.count) photos (untimed)")
    let checkStart = clock.now
    let check = checkPixels(photos: photos, files: files, requests: request, boxes: boxes)
    var result = ModeResult(mode: mode, pixels: check.rows, threadsUsed: check.threadsUsed)
    result.pixelSeconds = (clock.now - checkStart).seconds
    for round in 1...options.rounds {
        result.a.append(timeRound("A", photos: photos, files: files, requests: request))
        result.b.append(timeRound("B", photos: photos, files: files, requests: request))
        let (a, b) = (result.a.last!, result.b.last!)
        note(
            String(
                format: "%@ round %d/%d: A %.2f s (%.1f photos/s), B %.2f s (%.1f photos/s), B/A %.3f",
                mode.rawValue, round, options.rounds, a.wall, Double(photos.count) / a.wall, b.wall,
                Double(photos.count) / b.wall, a.wall / b.wall))
    }
    results.append(result)
}

// MARK: - The report

var out = ""
@MainActor func line(_ text: String = "") { out += text + "\n" }

let n = Double(photos.count)
func rate(_ rounds: [Round]) -> [Double] { rounds.map { n / $0.wall } }
func spread(_ values: [Double], _ digits: Int) -> String {
    "\(fixed(values.min() ?? .nan, digits))–\(fixed(values.max() ?? .nan, digits))"
}

let fileCounts = files.indices.map { file in photos.filter { $0 == file }.count }
line("## One decode for several sizes")
line()
line(
    "\(photos.count) photos (the \(files.count) JPEGs of the folder, cycled), each made into the \(boxList) boxes; "
        + "\(options.rounds) rounds per threading mode, alternating A, B, A, B; the median of the rounds.")
line()
line(
    "- **A**: `ImageValidator.validate(data)`, then "
        + boxes.map { "`ImageScaler.scale(data, to: ScaleRequest(box: \($0)x\($0)))`" }.joined(separator: " and ")
        + " (\(boxes.count + 1) decodes).")
line(
    "- **B**: `ImageScaler.scale(data, to: [" + boxes.map { "\($0)x\($0)" }.joined(separator: ", ")
        + "])` (one decode).")
line()
line("### Throughput")
line()
line(
    "| threads | A photos/s | B photos/s | B ÷ A (medians) | B ÷ A per round (median, range) | A CPU s/photo | B CPU s/photo | A CPU ÷ wall | B CPU ÷ wall | others' cores |"
)
line("|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|")
for result in results {
    let (ra, rb) = (rate(result.a), rate(result.b))
    let perRound = zip(result.a, result.b).map { $0.wall / $1.wall }
    let others: [Double] = (result.a + result.b).compactMap { round in round.others.map { $0 / round.wall } }
    line(
        "| \(result.mode.label) | \(fixed(median(ra), 2)) (\(spread(ra, 2))) | \(fixed(median(rb), 2)) (\(spread(rb, 2))) "
            + "| **\(fixed(median(rb) / median(ra), 3))** | \(fixed(median(perRound), 3)) (\(spread(perRound, 3))) "
            + "| \(fixed(median(result.a.map(\.cpu)) / n, 4)) | \(fixed(median(result.b.map(\.cpu)) / n, 4)) "
            + "| \(fixed(median(result.a.map { $0.cpu / $0.wall }), 2)) | \(fixed(median(result.b.map { $0.cpu / $0.wall }), 2)) "
            + "| \(fixed(median(others), 2)) |")
}
line()
line(
    "Throughput in parentheses: the slowest and fastest round. CPU: the whole process, user and system. "
        + "Others' cores: the CPU time the rest of the machine used during the rounds, divided by their wall time "
        + "(from `/proc/stat`; the median of all the rounds of the mode).")
for result in results where result.mode.threads > 1 {
    let used = result.threadsUsed.sorted { $0.key < $1.key }.map { "\($0.value) on \($0.key)" }.joined(separator: ", ")
    line(
        "With `threads: \(result.mode.threads)`, A's scales in the pixel pass ran: \(used) thread(s) (`ScaleReport.threadsUsed`)."
    )
}
if results.contains(where: { $0.mode == .default }) {
    line(
        "B runs on the calling thread whatever `threads` says (`scale(_:to: [ScaleRequest])` has no helper thread), "
            + "so only A can use a second core in the default mode.")
}
line()

line("### Where the time goes (median ms per photo)")
line()
var callHeader = "| threads | A: validate |"
for box in boxes { callHeader += " A: scale \(box) |" }
line(callHeader + " A total | B total |")
line("|---|--:|" + String(repeating: "--:|", count: boxes.count) + "--:|--:|")
for result in results {
    var row = "| \(result.mode.threads) |"
    for call in 0...boxes.count { row += " \(fixed(median(result.a.map { $0.calls[call] }) / n * 1000, 1)) |" }
    row +=
        " \(fixed(median(result.a.map(\.wall)) / n * 1000, 1)) | \(fixed(median(result.b.map(\.wall)) / n * 1000, 1)) |"
    line(row)
}
line()
line("Per file (A and B each timed whole, photo by photo; the median over the rounds of each file's sum):")
line()
line("| threads | file | photos | A ms/photo | B ms/photo | B ÷ A (throughput) |")
line("|---|---|--:|--:|--:|--:|")
for result in results {
    for (file, photoFile) in files.enumerated() where fileCounts[file] > 0 {
        let count = Double(fileCounts[file])
        let a = median(result.a.map { $0.perFile[file] }) / count * 1000
        let b = median(result.b.map { $0.perFile[file] }) / count * 1000
        line(
            "| \(result.mode.threads) | `\(photoFile.name)` (\(photoFile.size.width)×\(photoFile.size.height)) "
                + "| \(fileCounts[file]) | \(fixed(a, 1)) | \(fixed(b, 1)) | \(fixed(a / b, 2)) |")
    }
}
line()

line("### Pixels")
line()
line("Every photo's images from B against A's images for the same box (an untimed pass before each mode's rounds).")
line("PSNR over R, G and B: 10·log10(255² / MSE).")
line()
line(
    "The last two columns compare each with a reference instead: the file decoded at full size (1/1) and resampled "
        + "to the same size by the same Lanczos-3 (`scale(_:to:)` with a first box that holds the whole image).")
line()
line(
    "| threads | file | box | size | photos | equal | DCT scale A | DCT scale B | max abs diff | PSNR B vs A dB | A vs reference dB | B vs reference dB |"
)
line("|---|---|--:|---|--:|--:|--:|--:|--:|--:|--:|--:|")
func scales(_ set: Set<Int>) -> String { set.sorted().map { "1/\($0)" }.joined(separator: ", ") }
/// The check's rows, one per file and box when every mode found the same (the threads joined), else one per mode.
let mergedRows: [(threads: String, row: PixelRow)] = {
    guard let first = results.first else { return [] }
    return first.pixels.indices.flatMap { index -> [(threads: String, row: PixelRow)] in
        let rows = results.map { $0.pixels[index] }
        if rows.allSatisfy({ $0 == rows[0] }) {
            return [(results.map { String($0.mode.threads) }.joined(separator: ", "), rows[0])]
        }
        return zip(results, rows).map { (String($0.mode.threads), $1) }
    }
}()
for (threads, row) in mergedRows {
    let size =
        row.size == row.sizeB
        ? "\(row.size.width)×\(row.size.height)"
        : "A \(row.size.width)×\(row.size.height), B \(row.sizeB.width)×\(row.sizeB.height)"
    line(
        "| \(threads) | `\(files[row.file].name)` | \(row.box) | \(size) | \(row.photos) | \(row.equal) "
            + "| \(scales(row.denominatorsA)) | \(scales(row.denominatorsB)) | \(row.maxAbs) | \(fixed(row.minPSNR, 2)) "
            + "| \(fixed(row.referencePSNRA, 2)) | \(fixed(row.referencePSNRB, 2)) |")
}
line()

// MARK: - Targets

var failed = false
line("### Targets")
line()
var verdicts: [[String: Any]] = []
if let single = results.first(where: { $0.mode == .single }) {
    let ratio = median(rate(single.b)) / median(rate(single.a))
    let pass = ratio >= options.target
    failed = failed || !pass
    line(
        "- **Throughput** (threads 1): B ÷ A = \(fixed(ratio, 3)) (\(fixed(median(rate(single.b)), 2)) ÷ \(fixed(median(rate(single.a)), 2)) photos/s), "
            + "target ≥ \(fixed(options.target, 2)): **\(pass ? "PASS" : "FAIL")**")
    verdicts.append(["target": "throughput", "threads": 1, "ratio": ratio, "pass": pass])
} else {
    line("- **Throughput** (threads 1): n/a (the single mode was not run)")
}
if let other = results.first(where: { $0.mode == .default }) {
    let ratio = median(rate(other.b)) / median(rate(other.a))
    line(
        "- Throughput with the default threads (\(other.mode.threads)), for information: B ÷ A = \(fixed(ratio, 3)) "
            + "(\(fixed(median(rate(other.b)), 2)) ÷ \(fixed(median(rate(other.a)), 2)) photos/s)")
    verdicts.append(["target": "throughput-default", "threads": other.mode.threads, "ratio": ratio])
}

let allRows = results.flatMap { result in result.pixels.map { (result.mode, $0) } }
let unequal = allRows.filter { $0.1.equal < $0.1.photos }
let outputs = allRows.reduce(0) { $0 + $1.1.photos }
let equalOutputs = allRows.reduce(0) { $0 + $1.1.equal }
// An unequal output is explained when A decoded it at another DCT scale than B did.
let unexplained = unequal.filter { _, row in
    row.size != row.sizeB || !row.alphaEqual || !row.denominatorsA.isDisjoint(with: row.denominatorsB)
        || row.minPSNR < options.minimumPSNR
}
let pixelsPass = unexplained.isEmpty
failed = failed || !pixelsPass
if unequal.isEmpty {
    line("- **Same pixels**: all \(outputs) images of B equal A's sample for sample: **PASS**")
} else {
    let worst = unequal.map(\.1.minPSNR).min() ?? .nan
    line(
        "- **Same pixels**: \(equalOutputs) of \(outputs) images equal; the other \(outputs - equalOutputs) differ "
            + "(lowest PSNR \(fixed(worst, 2)) dB, target ≥ \(fixed(options.minimumPSNR, 1)) dB when the DCT scales differ): "
            + "**\(pixelsPass ? "PASS" : "FAIL")**")
    for (threads, row) in mergedRows where row.equal < row.photos {
        let why =
            row.denominatorsA.isDisjoint(with: row.denominatorsB) && row.size == row.sizeB
            ? "A decodes it at \(scales(row.denominatorsA)) (this box alone allows it), B at \(scales(row.denominatorsB)) (the least reduction the boxes share)"
            : "**not explained by the DCT scale** (A \(scales(row.denominatorsA)), B \(scales(row.denominatorsB)))"
        line(
            "  - threads \(threads), `\(files[row.file].name)` into \(row.box): \(row.photos - row.equal) of \(row.photos) differ, "
                + "max abs diff \(row.maxAbs), PSNR \(fixed(row.minPSNR, 2)) dB: \(why)")
    }
}
verdicts.append(["target": "same-pixels", "outputs": outputs, "equal": equalOutputs, "pass": pixelsPass])
line()
line("Total time \(fixed((clock.now - runStart).seconds, 0)) s; check sum \(sink & 0xFFFF).")

print(out, terminator: "")

// MARK: - JSON

if let path = options.json {
    let json: [String: Any] = [
        "folder": options.folder, "photos": photos.count, "rounds": options.rounds, "boxes": boxes,
        "target": options.target, "min_psnr": options.minimumPSNR,
        "files": files.enumerated().map { index, file in
            [
                "name": file.name, "width": file.size.width, "height": file.size.height, "bytes": file.data.count,
                "photos": fileCounts[index],
            ] as [String: Any]
        },
        "modes": results.map { result in
            [
                "mode": result.mode.rawValue, "threads": result.mode.threads,
                "pixel_check_seconds": result.pixelSeconds,
                "a": result.a.map {
                    [
                        "wall": $0.wall, "cpu": $0.cpu, "calls": $0.calls, "per_file": $0.perFile,
                        "others_cpu": $0.others as Any? ?? NSNull(),
                    ] as [String: Any]
                },
                "b": result.b.map {
                    [
                        "wall": $0.wall, "cpu": $0.cpu, "per_file": $0.perFile,
                        "others_cpu": $0.others as Any? ?? NSNull(),
                    ]
                        as [String: Any]
                },
                "a_threads_used": Dictionary(
                    uniqueKeysWithValues: result.threadsUsed.map { (String($0.key), $0.value) }),
                "pixels": result.pixels.map { row in
                    [
                        "file": files[row.file].name, "box": row.box, "width": row.size.width,
                        "height": row.size.height,
                        "photos": row.photos, "equal": row.equal, "max_abs": row.maxAbs,
                        "min_psnr": row.minPSNR.isFinite ? row.minPSNR as Any : NSNull(),
                        "dct_a": row.denominatorsA.sorted(), "dct_b": row.denominatorsB.sorted(),
                        "psnr_a_reference": row.referencePSNRA.isFinite ? row.referencePSNRA as Any : NSNull(),
                        "psnr_b_reference": row.referencePSNRB.isFinite ? row.referencePSNRB as Any : NSNull(),
                    ] as [String: Any]
                },
            ] as [String: Any]
        },
        "verdicts": verdicts,
    ]
    do {
        let data = try JSONSerialization.data(withJSONObject: json, options: [.prettyPrinted, .sortedKeys])
        try data.write(to: URL(fileURLWithPath: path), options: .atomic)
    } catch {
        fail("cannot write \(path): \(error)")
    }
}
exit(failed ? 3 : 0)
