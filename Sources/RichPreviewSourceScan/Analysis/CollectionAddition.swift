/// `set.insert(x)`, `array.append(x)`, `[set addObject:x]`: more elements for a collection variable.
struct CollectionAddition: Sendable {
    var target: SymbolReference
    var elements: [SymbolicElement]
}
