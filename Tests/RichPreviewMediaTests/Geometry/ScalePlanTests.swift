import RichPreviewMedia
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
        // source, box side, expected denominator. 4032x3024 into 1179 reduces by 3.42: 1/2 leaves
        // 1.71 (at least 1.5). Into 375 (10.75): 1/8 would leave 1.34 (under 1.6), 1/4 leaves 2.69.
        // The dense 8 MP photo into 1179 (2.77): 1/2 would leave 1.38, so it decodes whole.
        (PixelSize(width: 4032, height: 3024), 1179, 2), (PixelSize(width: 4032, height: 3024), 1008, 2),
        (PixelSize(width: 4032, height: 3024), 750, 2), (PixelSize(width: 4032, height: 3024), 504, 4),
        (PixelSize(width: 4032, height: 3024), 375, 4), (PixelSize(width: 4032, height: 3024), 250, 8),
        (PixelSize(width: 4032, height: 3024), 100, 8), (PixelSize(width: 4032, height: 3024), 4032, 1),
        (PixelSize(width: 4032, height: 3024), 8000, 1), (PixelSize(width: 3264, height: 2448), 1179, 1),
        (PixelSize(width: 3264, height: 2448), 375, 4), (PixelSize(width: 1920, height: 1280), 375, 2),
        (PixelSize(width: 2560, height: 1600), 1179, 1), (PixelSize(width: 2560, height: 1600), 375, 4),
    ])
    func jpegShrinkLeavesTheFilterItsMeasuredResidual(source: PixelSize, box: Int, expected: Int) {
        let plan = ScalePlan(source: source, box: PixelSize(width: box, height: box), mode: .fit)
        #expect(plan.jpegShrink() == expected)
        // The denominator picked leaves at least its threshold; every larger one would not.
        for (denominator, minimumResidual) in ScalePlan.jpegShrinkThresholds {
            let residual = plan.reduction / Double(denominator)
            if denominator == expected { #expect(residual >= minimumResidual) }
            if denominator > expected { #expect(residual < minimumResidual) }
        }
    }

    @Test func jpegShrinkThresholdsAreMeasuredPerDenominator() {
        let thresholds = ScalePlan.jpegShrinkThresholds
        #expect(thresholds.map(\.denominator) == [8, 4, 2])
        #expect(thresholds.map(\.minimumResidual) == [1.6, 1.6, 1.5])
        // Given thresholds are used instead: the old fixed rule left a factor of 2 at every d.
        let plan = ScalePlan(
            source: PixelSize(width: 4032, height: 3024), box: PixelSize(width: 1179, height: 1179), mode: .fit)
        #expect(plan.jpegShrink(thresholds: [(8, 2), (4, 2), (2, 2)]) == 1)
        #expect(plan.jpegShrink(thresholds: []) == 1)
    }

    @Test func aReducedDecodeKeepsTheSameRegionInItsOwnPixels() {
        let plan = ScalePlan(
            source: PixelSize(width: 4000, height: 3000), box: PixelSize(width: 300, height: 300), mode: .fill)
        let reduced = plan.scaled(toSource: PixelSize(width: 1000, height: 750))
        #expect(reduced.output == plan.output)
        #expect(reduced.region == .init(x: 125, y: 0, width: 750, height: 750))
    }
}
