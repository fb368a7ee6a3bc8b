# Turns a text file into a C translation unit defining
#   const char SYMBOL[];  (NUL-terminated)
# Usage: cmake -DINPUT=... -DOUTPUT=... -DSYMBOL=... -P EmbedText.cmake
file(READ "${INPUT}" hex HEX)
string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," bytes "${hex}")
string(REGEX REPLACE "(0x[0-9a-f][0-9a-f],){16}" "\\0\n" bytes "${bytes}")
file(WRITE "${OUTPUT}" "/* Generated from ${INPUT}; do not edit. */\nconst char ${SYMBOL}[] = {\n${bytes}0x00};\n")
