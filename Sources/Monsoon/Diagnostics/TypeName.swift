/// A readable name for a type in messages and keys: `Knight`, `any Quest`, `Array<Int>`.
func typeName(_ type: Any.Type) -> String {
    String(describing: type)
}
