"""Publishing: what the service decided, as messages on Discord, one module per feature; a
published change enters through `publisher.Publisher`."""
