/// Exact area coverage of polygons, scanline by scanline, clipped to a canvas.
///
/// Each edge adds, per pixel row, the signed area it leaves to its right in every pixel it
/// crosses, and the rest of its height to the next pixel; a running sum along the row then gives
/// each pixel's covered fraction (non-zero winding, clamped to 1). Rows are done in bands so
/// memory stays at a few rows whatever the shape's size.
enum CoverageRasterizer {
    /// Rows accumulated at once.
    static let bandHeight = 32
    /// Coordinates are clamped to ± this many pixels, so that no arithmetic overflows.
    static let coordinateLimit = 1e7

    private struct Edge {
        var top: Point
        var bottom: Point
        /// +1 for an edge going down the screen, -1 going up.
        var direction: Double
    }

    /// Calls `row(y, firstX, coverage)` for every canvas row the polygons touch, with the
    /// coverage (0-1) of pixels `firstX...` of that row. Polygons with a non-finite point are skipped.
    static func rasterize(
        _ polygons: [[Point]], width: Int, height: Int, row: (Int, Int, UnsafeBufferPointer<Float>) -> Void
    ) {
        var edges: [Edge] = []
        var minX = Double.infinity
        var maxX = -Double.infinity
        var minY = Double.infinity
        var maxY = -Double.infinity
        for polygon in polygons where polygon.count >= 3 && polygon.allSatisfy(\.isFinite) {
            let polygon = polygon.map {
                Point(
                    x: min(max($0.x, -coordinateLimit), coordinateLimit),
                    y: min(max($0.y, -coordinateLimit), coordinateLimit))
            }
            for (index, start) in polygon.enumerated() {
                let end = polygon[(index + 1) % polygon.count]
                minX = min(minX, start.x)
                maxX = max(maxX, start.x)
                minY = min(minY, start.y)
                maxY = max(maxY, start.y)
                if start.y < end.y {
                    edges.append(Edge(top: start, bottom: end, direction: 1))
                } else if start.y > end.y {
                    edges.append(Edge(top: end, bottom: start, direction: -1))
                }
            }
        }
        guard !edges.isEmpty, width > 0, height > 0 else { return }
        let firstX = Int(min(max(minX, 0), Double(width)).rounded(.down))
        let lastX = Int(min(max(maxX, 0), Double(width)).rounded(.up))
        let firstY = Int(min(max(minY, 0), Double(height)).rounded(.down))
        let lastY = Int(min(max(maxY, 0), Double(height)).rounded(.up))
        let columns = lastX - firstX
        guard columns > 0, lastY > firstY else { return }
        edges.sort { $0.top.y < $1.top.y }

        let stride = columns + 1
        var accumulationStorage = [Double](repeating: 0, count: stride * bandHeight)
        var coverageStorage = [Float](repeating: 0, count: columns)
        accumulationStorage.withUnsafeMutableBufferPointer { accumulation in
            coverageStorage.withUnsafeMutableBufferPointer { coverage in
                var bandTop = firstY
                while bandTop < lastY {
                    let bandBottom = min(bandTop + bandHeight, lastY)
                    accumulation.update(repeating: 0)
                    for edge in edges {
                        if edge.top.y >= Double(bandBottom) { break }
                        if edge.bottom.y <= Double(bandTop) { continue }
                        add(
                            edge, bandTop: bandTop, bandBottom: bandBottom, originX: Double(firstX), columns: columns,
                            into: accumulation)
                    }
                    for y in bandTop..<bandBottom {
                        var sum = 0.0
                        let base = (y - bandTop) * stride
                        for x in 0..<columns {
                            sum += accumulation[base + x]
                            coverage[x] = Float(min(abs(sum), 1))
                        }
                        row(y, firstX, UnsafeBufferPointer(coverage))
                    }
                    bandTop = bandBottom
                }
            }
        }
    }

    private static func add(
        _ edge: Edge, bandTop: Int, bandBottom: Int, originX: Double, columns: Int,
        into accumulation: UnsafeMutableBufferPointer<Double>
    ) {
        let top = max(edge.top.y, Double(bandTop))
        let bottom = min(edge.bottom.y, Double(bandBottom))
        guard top < bottom else { return }
        let slope = (edge.bottom.x - edge.top.x) / (edge.bottom.y - edge.top.y)
        var y = top
        var row = Int(top.rounded(.down))
        while y < bottom, row < bandBottom {
            let next = min(Double(row + 1), bottom)
            let startX = edge.top.x + (y - edge.top.y) * slope - originX
            let endX = edge.top.x + (next - edge.top.y) * slope - originX
            addRowSegment(
                from: startX, to: endX, height: (next - y) * edge.direction,
                rowBase: (row - bandTop) * (columns + 1), columns: columns, into: accumulation)
            y = next
            row += 1
        }
    }

    /// Adds one edge's part within a pixel row, from `start` to `end` (x relative to the first
    /// column), covering `height` of the row (signed by direction).
    private static func addRowSegment(
        from start: Double, to end: Double, height: Double, rowBase: Int, columns: Int,
        into accumulation: UnsafeMutableBufferPointer<Double>
    ) {
        let width = Double(columns)
        let low = min(start, end)
        let high = max(start, end)
        if high - low < 1e-12 {
            if low < 0 {
                accumulation[rowBase] += height
            } else if low < width {
                let column = Int(low)
                cell(column, low, low, height, rowBase, accumulation)
            }
            return
        }
        let span = high - low
        // The part left of the first column covers that whole column onwards.
        if low < 0 { accumulation[rowBase] += height * (min(high, 0) - low) / span }
        var position = max(low, 0)
        let stop = min(high, width)
        while position < stop {
            let column = Int(position)
            let boundary = min(Double(column + 1), stop)
            cell(column, position, boundary, height * (boundary - position) / span, rowBase, accumulation)
            position = boundary
        }
    }

    /// A piece of edge inside one pixel, from x `left` to `right`, of `height`: the area to its
    /// right in this pixel, and the rest carried to the next one.
    @inline(__always)
    private static func cell(
        _ column: Int, _ left: Double, _ right: Double, _ height: Double, _ rowBase: Int,
        _ accumulation: UnsafeMutableBufferPointer<Double>
    ) {
        let middle = (left + right) / 2 - Double(column)
        accumulation[rowBase + column] += height * (1 - middle)
        accumulation[rowBase + column + 1] += height * middle
    }
}
