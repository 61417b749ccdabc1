import Testing

@Test func placeholderFaceTests() { #expect(Bool(true)) }
