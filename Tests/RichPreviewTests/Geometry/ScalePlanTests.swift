import RichPreview
import Testing

struct ScalePlanTests {
    @Test(arguments: [
        // source, box, expected fitted output
        (
            PixelSize(width: 4032, height: 3024), PixelSize(width: 1179, height: 1179),
            PixelSize(width: 1179, height: 884)
        ),
        (
            PixelSize(width: 3024, height: 4032), PixelSize(width: 1179, height: 1179),
            PixelSize(width: 884, height: 1179)
        ),
        (PixelSize(width: 4032, height: 3024), PixelSize(width: 375, height: 375), PixelSize(width: 375, height: 281)),
        (PixelSize(width: 640, height: 427), PixelSize(width: 200, height: 200), PixelSize(width: 200, height: 133)),
        (PixelSize(width: 100, height: 1), PixelSize(width: 10, height: 10), PixelSize(width: 10, height: 1)),
        (PixelSize(width: 10_000, height: 1), PixelSize(width: 10, height: 10), PixelSize(width: 10, height: 1)),
        (PixelSize(width: 2, height: 3), PixelSize(width: 20, height: 20), PixelSize(width: 13, height: 20)),
    ])
    func fitRoundsEachSideAndNeverReachesZero(source: PixelSize, box: PixelSize, expected: PixelSize) {
        let plan = ScalePlan(source: source, box: box, mode: .fit)
        #expect(plan.output == expected)
        #expect(plan.region == .init(x: 0, y: 0, width: Double(source.width), height: Double(source.height)))
    }

    @Test func fillCoversTheBoxWithACentredCrop() {
        let plan = ScalePlan(
            source: PixelSize(width: 4000, height: 3000), box: PixelSize(width: 300, height: 300), mode: .fill)
        #expect(plan.output == PixelSize(width: 300, height: 300))
        #expect(plan.region == .init(x: 500, y: 0, width: 3000, height: 3000))
        let tall = ScalePlan(
            source: PixelSize(width: 100, height: 400), box: PixelSize(width: 50, height: 100), mode: .fill)
        #expect(tall.region == .init(x: 0, y: 100, width: 100, height: 200))
    }

    @Test func stretchMapsTheWholeImageOntoTheBox() {
        let plan = ScalePlan(
            source: PixelSize(width: 400, height: 100), box: PixelSize(width: 50, height: 50), mode: .stretch)
        #expect(plan.output == PixelSize(width: 50, height: 50))
        #expect(plan.region.width == 400 && plan.region.height == 100)
    }

    @Test func identityOnlyWhenNothingChanges() {
        let size = PixelSize(width: 96, height: 96)
        #expect(ScalePlan(source: size, box: size, mode: .fit).isIdentity)
        #expect(ScalePlan(source: size, box: PixelSize(width: 200, height: 96), mode: .fit).isIdentity)
        #expect(!ScalePlan(source: size, box: PixelSize(width: 48, height: 48), mode: .fit).isIdentity)
        #expect(!ScalePlan(source: size, box: PixelSize(width: 96, height: 48), mode: .fill).isIdentity)
    }

    @Test(arguments: [
        // box side, expected denominator for a 4032x3024 source; the filter keeps at least 2x
        (1179, 1), (1008, 2), (1000, 2), (750, 2), (504, 4), (375, 4), (250, 8), (100, 8), (4032, 1), (8000, 1),
    ])
    func jpegShrinkLeavesTheFilterAFactorOfTwo(box: Int, expected: Int) {
        let plan = ScalePlan(
            source: PixelSize(width: 4032, height: 3024), box: PixelSize(width: box, height: box), mode: .fit)
        #expect(plan.jpegShrink() == expected)
        #expect(plan.reduction / Double(expected) >= 2 || expected == 1)
    }

    @Test func aReducedDecodeKeepsTheSameRegionInItsOwnPixels() {
        let plan = ScalePlan(
            source: PixelSize(width: 4000, height: 3000), box: PixelSize(width: 300, height: 300), mode: .fill)
        let reduced = plan.scaled(toSource: PixelSize(width: 1000, height: 750))
        #expect(reduced.output == plan.output)
        #expect(reduced.region == .init(x: 125, y: 0, width: 750, height: 750))
    }
}
