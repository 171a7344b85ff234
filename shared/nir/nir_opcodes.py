# SPDX-License-Identifier: MIT
#
# The ALU opcode table of kiln's IR: one entry per operation with its
# signature (input/output sizes and types), algebraic properties, and the C
# statement used to constant-fold it. nir_gen.py turns this into
# nir_opcodes.h (enum), nir_opcodes.c (info table), nir_constant_fold.c (the
# folders, one per op and bit size) and nir_builder_opcodes.h (nir_fadd(b, x,
# y) style helpers).
#
# Types: "float", "int", "uint", "bool" are *unsized*: the op works per
# component at any bit size the op allows (all unsized sources and an unsized
# destination share that size). "float32", "int8", "bool1" ... are *sized*.
#
# Sizes: 0 means per-component (the instruction's num_components); a
# non-zero size fixes the vector width (dot products, vecN, pack/unpack).
#
# Folding expressions: for per-component ops an expression over src0..src3
# (C values of the op's input types; float16 is widened to float) whose
# result is converted to the destination type. For ops with sized inputs or
# outputs, a C statement block over arrays src0[i].. that assigns dst[i].
# `bit_size` is the unsized bit size. None means "not foldable" (derivatives).
# Helpers named fold_* live in nir_fold_helpers.h.

class Op:
    def __init__(self, name, output_size, output_type, input_sizes, input_types,
                 props, expr, bit_sizes, description):
        self.name = name
        self.num_inputs = len(input_sizes)
        self.output_size = output_size
        self.output_type = output_type
        self.input_sizes = input_sizes
        self.input_types = input_types
        self.props = props
        self.expr = expr
        self.bit_sizes = bit_sizes
        self.description = description


opcodes = {}

COMMUTATIVE = "commutative"
ASSOCIATIVE = "associative"
CA = [COMMUTATIVE, ASSOCIATIVE]

FLOAT_SIZES = [16, 32, 64]
INT_SIZES = [8, 16, 32, 64]
INT1_SIZES = [1, 8, 16, 32, 64]


def base_of(t):
    return t.rstrip("0123456789")


def size_of(t):
    s = t[len(base_of(t)):]
    return int(s) if s else 0


def default_sizes(types):
    unsized = [t for t in types if size_of(t) == 0]
    if not unsized:
        return []
    b = base_of(unsized[0])
    return FLOAT_SIZES if b == "float" else INT_SIZES


def op(name, output_size, output_type, input_sizes, input_types, props, expr,
       bit_sizes=None, description=""):
    assert name not in opcodes, name
    if bit_sizes is None:
        bit_sizes = default_sizes([output_type] + input_types)
    opcodes[name] = Op(name, output_size, output_type, input_sizes, input_types,
                       props, expr, bit_sizes, description)


def unop(name, ty, expr, bit_sizes=None, description=""):
    op(name, 0, ty, [0], [ty], [], expr, bit_sizes, description)


def unop_convert(name, out_ty, in_ty, expr, bit_sizes=None, description=""):
    op(name, 0, out_ty, [0], [in_ty], [], expr, bit_sizes, description)


def binop(name, ty, props, expr, bit_sizes=None, description=""):
    op(name, 0, ty, [0, 0], [ty, ty], props, expr, bit_sizes, description)


def binop_convert(name, out_ty, in_ty, props, expr, bit_sizes=None, description=""):
    op(name, 0, out_ty, [0, 0], [in_ty, in_ty], props, expr, bit_sizes, description)


def triop(name, ty, props, expr, bit_sizes=None, description=""):
    op(name, 0, ty, [0, 0, 0], [ty, ty, ty], props, expr, bit_sizes, description)


# --- moves and vector construction -------------------------------------------------
unop("mov", "uint", "src0", INT1_SIZES, "copy (with the source swizzle)")
for n in [2, 3, 4, 8, 16]:
    body = " ".join("dst[%d] = src%d[0];" % (i, i) for i in range(n))
    op("vec%d" % n, n, "uint", [1] * n, ["uint"] * n, [], body, INT1_SIZES,
       "build a %d-component vector from scalars" % n)

# --- float arithmetic ---------------------------------------------------------------
unop("fneg", "float", "-src0")
unop("fabs", "float", "fabs(src0)")
unop("fsign", "float", "src0 > 0 ? 1.0 : (src0 < 0 ? -1.0 : src0)",
     description="1.0, -1.0, or the input (zero or NaN)")
unop("fsat", "float", "fold_fsat(src0)", description="clamp to [0, 1]; NaN -> 0")
unop("ffloor", "float", "floor(src0)")
unop("fceil", "float", "ceil(src0)")
unop("ftrunc", "float", "trunc(src0)")
unop("ffract", "float", "src0 - floor(src0)")
unop("fround_even", "float", "rint(src0)")
unop("fsqrt", "float", "sqrt(src0)")
unop("frsq", "float", "1.0 / sqrt(src0)")
unop("frcp", "float", "1.0 / src0")
unop("fexp2", "float", "exp2(src0)")
unop("flog2", "float", "log2(src0)")
unop("fexp", "float", "exp(src0)")
unop("flog", "float", "log(src0)")
unop("fsin", "float", "sin(src0)")
unop("fcos", "float", "cos(src0)")
unop("ftan", "float", "tan(src0)")
unop("fasin", "float", "asin(src0)")
unop("facos", "float", "acos(src0)")
unop("fatan", "float", "atan(src0)")
unop("fsinh", "float", "sinh(src0)")
unop("fcosh", "float", "cosh(src0)")
unop("ftanh", "float", "tanh(src0)")
unop("fasinh", "float", "asinh(src0)")
unop("facosh", "float", "acosh(src0)")
unop("fatanh", "float", "atanh(src0)")
unop("fquantize2f16", "float", "fold_quantize_f16(src0)",
     description="round to float16 precision, flushing float16 denormals to zero")
unop_convert("frexp_sig", "float", "float", "fold_frexp_sig(src0)",
             description="significand in [0.5, 1) with the input's sign")
unop_convert("frexp_exp", "int32", "float", "fold_frexp_exp(src0)")
op("ldexp", 0, "float", [0, 0], ["float", "int32"], [], "fold_ldexp(src0, src1)")

binop("fadd", "float", CA, "src0 + src1")
binop("fsub", "float", [], "src0 - src1")
binop("fmul", "float", CA, "src0 * src1")
binop("fdiv", "float", [], "src0 / src1")
binop("fmod", "float", [], "src0 - src1 * floor(src0 / src1)",
      description="GLSL mod(): result has the sign of src1")
binop("frem", "float", [], "fmod(src0, src1)",
      description="SPIR-V OpFRem: result has the sign of src0")
binop("fpow", "float", [], "pow(src0, src1)")
binop("fmin", "float", CA, "fmin(src0, src1)", description="IEEE minNum: NaN loses")
binop("fmax", "float", CA, "fmax(src0, src1)", description="IEEE maxNum: NaN loses")
binop("fatan2", "float", [], "atan2(src0, src1)", description="atan(y = src0, x = src1)")
triop("ffma", "float", [], "fma(src0, src1, src2)")
triop("flrp", "float", [], "src0 * (1 - src2) + src1 * src2",
      description="GLSL mix(x, y, a)")
triop("fclamp", "float", [], "fmin(fmax(src0, src1), src2)")

# --- float classification and comparison -------------------------------------------
unop_convert("fisnan", "bool1", "float", "isnan(src0)")
unop_convert("fisinf", "bool1", "float", "isinf(src0)")
binop_convert("flt", "bool1", "float", [], "src0 < src1", description="ordered <")
binop_convert("fge", "bool1", "float", [], "src0 >= src1", description="ordered >=")
binop_convert("feq", "bool1", "float", [COMMUTATIVE], "src0 == src1",
              description="ordered ==")
binop_convert("fneu", "bool1", "float", [COMMUTATIVE], "!(src0 == src1)",
              description="unordered != (true if either is NaN)")
binop_convert("fltu", "bool1", "float", [], "!(src0 >= src1)", description="unordered <")
binop_convert("fgeu", "bool1", "float", [], "!(src0 < src1)", description="unordered >=")
binop_convert("fequ", "bool1", "float", [COMMUTATIVE], "!(src0 < src1 || src0 > src1)",
              description="unordered ==")
binop_convert("fneo", "bool1", "float", [COMMUTATIVE], "src0 < src1 || src0 > src1",
              description="ordered !=")
binop_convert("ford", "bool1", "float", [COMMUTATIVE], "!isnan(src0) && !isnan(src1)")
binop_convert("funord", "bool1", "float", [COMMUTATIVE], "isnan(src0) || isnan(src1)")

# --- derivatives (never folded) ------------------------------------------------------
for d in ["fddx", "fddy", "fddx_fine", "fddy_fine", "fddx_coarse", "fddy_coarse"]:
    unop(d, "float", None, description="screen-space derivative")

# --- integer arithmetic (folded in unsigned 64-bit where C would overflow) ----------
unop("ineg", "int", "-(uint64_t)src0")
unop("iabs", "int", "src0 < 0 ? -(uint64_t)src0 : (uint64_t)src0")
unop("isign", "int", "src0 > 0 ? 1 : (src0 < 0 ? -1 : 0)")
binop("iadd", "int", CA, "(uint64_t)src0 + (uint64_t)src1")
binop("isub", "int", [], "(uint64_t)src0 - (uint64_t)src1")
binop("imul", "int", CA, "(uint64_t)src0 * (uint64_t)src1")
binop("idiv", "int", [], "fold_idiv(src0, src1)",
      description="rounds toward zero; x / 0 folds to 0")
binop("udiv", "uint", [], "src1 == 0 ? 0 : src0 / src1", description="x / 0 folds to 0")
binop("irem", "int", [], "fold_irem(src0, src1)",
      description="SPIR-V OpSRem: sign of src0; x % 0 folds to 0")
binop("imod", "int", [], "fold_imod(src0, src1)",
      description="SPIR-V OpSMod: sign of src1; x % 0 folds to 0")
binop("umod", "uint", [], "src1 == 0 ? 0 : src0 % src1")
binop("imin", "int", CA, "src0 < src1 ? src0 : src1")
binop("imax", "int", CA, "src0 > src1 ? src0 : src1")
binop("umin", "uint", CA, "src0 < src1 ? src0 : src1")
binop("umax", "uint", CA, "src0 > src1 ? src0 : src1")
triop("iclamp", "int", [], "src0 < src1 ? src1 : (src0 > src2 ? src2 : src0)")
triop("uclamp", "uint", [], "src0 < src1 ? src1 : (src0 > src2 ? src2 : src0)")
binop("imul_high", "int", [COMMUTATIVE], "fold_imul_high(src0, src1, bit_size)",
      description="high half of the signed double-width product")
binop("umul_high", "uint", [COMMUTATIVE], "fold_umul_high(src0, src1, bit_size)")
binop("uadd_carry", "uint", [COMMUTATIVE], "fold_uadd_carry(src0, src1, bit_size)",
      description="1 if src0 + src1 overflows, else 0")
binop("usub_borrow", "uint", [], "src0 < src1", description="1 if src0 - src1 wraps")
binop("iadd_sat", "int", [COMMUTATIVE], "fold_iadd_sat(src0, src1, bit_size)")
binop("uadd_sat", "uint", [COMMUTATIVE], "fold_uadd_sat(src0, src1, bit_size)")
binop("isub_sat", "int", [], "fold_isub_sat(src0, src1, bit_size)")
binop("usub_sat", "uint", [], "src0 < src1 ? 0 : src0 - src1")
# SPV_INTEL_shader_integer_functions2 (revision 2): differences and averages
# computed as if in infinite precision, so they never overflow.
op("uabs_isub", 0, "uint", [0, 0], ["int", "int"], [COMMUTATIVE],
   "fold_uabs_isub(src0, src1)", description="|src0 - src1| of signed values, unsigned")
binop("uabs_usub", "uint", [COMMUTATIVE], "src0 > src1 ? src0 - src1 : src1 - src0",
      description="|src0 - src1| of unsigned values")
binop("ihadd", "int", [COMMUTATIVE], "fold_ihadd(src0, src1, 0)",
      description="(src0 + src1) >> 1 without overflow (rounds toward -inf)")
binop("uhadd", "uint", [COMMUTATIVE], "fold_uhadd(src0, src1, 0)",
      description="(src0 + src1) >> 1 without overflow")
binop("irhadd", "int", [COMMUTATIVE], "fold_ihadd(src0, src1, 1)",
      description="(src0 + src1 + 1) >> 1 without overflow")
binop("urhadd", "uint", [COMMUTATIVE], "fold_uhadd(src0, src1, 1)",
      description="(src0 + src1 + 1) >> 1 without overflow")
binop("imul_32x16", "int", [], "(uint64_t)src0 * (uint64_t)(int64_t)(int16_t)src1", [32],
      description="src0 times the low 16 bits of src1, sign-extended")
binop("umul_32x16", "uint", [], "src0 * (uint16_t)src1", [32],
      description="src0 times the low 16 bits of src1, zero-extended")

# --- integer comparison ------------------------------------------------------------
binop_convert("ieq", "bool1", "uint", [COMMUTATIVE], "src0 == src1", INT1_SIZES)
binop_convert("ine", "bool1", "uint", [COMMUTATIVE], "src0 != src1", INT1_SIZES)
binop_convert("ilt", "bool1", "int", [], "src0 < src1")
binop_convert("ige", "bool1", "int", [], "src0 >= src1")
binop_convert("ult", "bool1", "uint", [], "src0 < src1")
binop_convert("uge", "bool1", "uint", [], "src0 >= src1")

# --- bitwise (1-bit booleans use these too) ----------------------------------------
unop("inot", "uint", "~src0", INT1_SIZES)
binop("iand", "uint", CA, "src0 & src1", INT1_SIZES)
binop("ior", "uint", CA, "src0 | src1", INT1_SIZES)
binop("ixor", "uint", CA, "src0 ^ src1", INT1_SIZES)
# Shift counts use the low log2(bit_size) bits (SPIR-V leaves larger counts
# undefined; masking is what the hardware we model does).
op("ishl", 0, "int", [0, 0], ["int", "uint32"], [],
   "(uint64_t)src0 << (src1 & (bit_size - 1))")
op("ishr", 0, "int", [0, 0], ["int", "uint32"], [], "src0 >> (src1 & (bit_size - 1))")
op("ushr", 0, "uint", [0, 0], ["uint", "uint32"], [], "src0 >> (src1 & (bit_size - 1))")
op("bitfield_insert", 0, "uint", [0, 0, 0, 0], ["uint", "uint", "int32", "int32"], [],
   "fold_bitfield_insert(src0, src1, src2, src3, bit_size)",
   description="insert the low src3 bits of src1 into src0 at offset src2")
op("ubitfield_extract", 0, "uint", [0, 0, 0], ["uint", "int32", "int32"], [],
   "fold_ubitfield_extract(src0, src1, src2, bit_size)")
op("ibitfield_extract", 0, "int", [0, 0, 0], ["int", "int32", "int32"], [],
   "fold_ibitfield_extract(src0, src1, src2, bit_size)")
unop("bitfield_reverse", "uint", "fold_bitfield_reverse(src0, bit_size)")
unop_convert("bit_count", "uint32", "uint", "__builtin_popcountll((uint64_t)src0)")
unop("uclz", "uint", "fold_uclz(src0, bit_size)",
     description="leading zero bits; bit_size for 0 (SPV_INTEL_shader_integer_functions2)")
unop("uctz", "uint", "fold_uctz(src0, bit_size)",
     description="trailing zero bits; bit_size for 0 (SPV_INTEL_shader_integer_functions2)")
unop_convert("find_lsb", "int32", "int", "fold_find_lsb(src0, bit_size)",
             description="index of the lowest set bit, -1 if none")
unop_convert("ufind_msb", "int32", "uint", "fold_ufind_msb(src0, bit_size)",
             description="index of the highest set bit, -1 if none")
unop_convert("ifind_msb", "int32", "int", "fold_ifind_msb(src0, bit_size)",
             description="highest bit that differs from the sign bit, -1 if none")

# --- select ------------------------------------------------------------------------
op("bcsel", 0, "uint", [0, 0, 0], ["bool1", "uint", "uint"], [],
   "src0 ? src1 : src2", INT1_SIZES, "src0 ? src1 : src2 per component")

# --- horizontal --------------------------------------------------------------------
for n in [2, 3, 4]:
    terms = " + ".join("src0[%d] * src1[%d]" % (i, i) for i in range(n))
    op("fdot%d" % n, 1, "float", [n, n], ["float", "float"], [COMMUTATIVE],
       "dst[0] = %s;" % terms)
    eq = " && ".join("src0[%d] == src1[%d]" % (i, i) for i in range(n))
    op("ball_fequal%d" % n, 1, "bool1", [n, n], ["float", "float"], [COMMUTATIVE],
       "dst[0] = %s;" % eq)
    op("bany_fnequal%d" % n, 1, "bool1", [n, n], ["float", "float"], [COMMUTATIVE],
       "dst[0] = !(%s);" % eq)
    op("ball_iequal%d" % n, 1, "bool1", [n, n], ["uint", "uint"], [COMMUTATIVE],
       "dst[0] = %s;" % eq, INT1_SIZES)
    op("bany_inequal%d" % n, 1, "bool1", [n, n], ["uint", "uint"], [COMMUTATIVE],
       "dst[0] = !(%s);" % eq, INT1_SIZES)

# GLSL.std.450 instructions kept whole (spirv_to_nir's
# keep_glsl450_geometry): IR that is written to SPIR-V again asks the next
# driver for exactly what the original did, whose rounding may differ from
# any expansion into arithmetic. Not folded, for the same reason.
unop("fradians", "float", None, description="GLSL.std.450 Radians")
unop("fdegrees", "float", None, description="GLSL.std.450 Degrees")
triop("fsmoothstep", "float", [], None, description="GLSL.std.450 SmoothStep(edge0, edge1, x)")
for n in [2, 3, 4]:
    op("fnormalize%d" % n, n, "float", [n], ["float"], [], None,
       description="GLSL.std.450 Normalize of a %d-component vector" % n)
    op("flength%d" % n, 1, "float", [n], ["float"], [], None,
       description="GLSL.std.450 Length of a %d-component vector" % n)
    op("fdistance%d" % n, 1, "float", [n, n], ["float", "float"], [], None,
       description="GLSL.std.450 Distance of %d-component vectors" % n)
op("fcross3", 3, "float", [3, 3], ["float", "float"], [], None,
   description="GLSL.std.450 Cross")
for n in [1, 2, 3, 4]:
    op("freflect%d" % n, n, "float", [n, n], ["float", "float"], [], None,
       description="GLSL.std.450 Reflect(I, N) of %d components" % n)
    op("ffaceforward%d" % n, n, "float", [n, n, n], ["float"] * 3, [], None,
       description="GLSL.std.450 FaceForward(N, I, Nref) of %d components" % n)
    op("frefract%d" % n, n, "float", [n, n, 1], ["float", "float", "float"], [], None,
       description="GLSL.std.450 Refract(I, N, eta) of %d-component I and N" % n)

# --- conversions -------------------------------------------------------------------
# Float -> int saturates and maps NaN to 0 when folding (SPIR-V leaves
# out-of-range values undefined; the folder must still not invoke C UB).
for dst in FLOAT_SIZES:
    unop_convert("f2f%d" % dst, "float%d" % dst, "float", "src0")
    unop_convert("i2f%d" % dst, "float%d" % dst, "int", "src0")
    unop_convert("u2f%d" % dst, "float%d" % dst, "uint", "src0")
    unop_convert("b2f%d" % dst, "float%d" % dst, "bool1", "src0 ? 1.0 : 0.0")
unop_convert("f2f16_rtz", "float16", "float", "src0",
             description="f2f16, rounding toward zero")
unop_convert("f2f16_rtne", "float16", "float", "src0",
             description="f2f16, rounding to nearest even")
unop_convert("f2f32_rtz", "float32", "float64", "fold_double_to_float_rtz(src0)", [64],
             description="f2f32, rounding toward zero")
for dst in INT_SIZES:
    unop_convert("f2i%d" % dst, "int%d" % dst, "float", "fold_f2i(src0, %d)" % dst)
    unop_convert("f2u%d" % dst, "uint%d" % dst, "float", "fold_f2u(src0, %d)" % dst)
    unop_convert("i2i%d" % dst, "int%d" % dst, "int", "src0")
    unop_convert("u2u%d" % dst, "uint%d" % dst, "uint", "src0")
    unop_convert("b2i%d" % dst, "int%d" % dst, "bool1", "src0 ? 1 : 0")
unop_convert("f2b1", "bool1", "float", "src0 != 0")
unop_convert("i2b1", "bool1", "int", "src0 != 0")

# --- packing -----------------------------------------------------------------------
op("pack_snorm_2x16", 1, "uint32", [2], ["float32"], [],
   "dst[0] = fold_pack_snorm16(src0[0]) | (fold_pack_snorm16(src0[1]) << 16);")
op("pack_unorm_2x16", 1, "uint32", [2], ["float32"], [],
   "dst[0] = fold_pack_unorm16(src0[0]) | (fold_pack_unorm16(src0[1]) << 16);")
op("pack_half_2x16", 1, "uint32", [2], ["float32"], [],
   "dst[0] = (uint32_t)util_float_to_half(src0[0]) | "
   "((uint32_t)util_float_to_half(src0[1]) << 16);")
op("pack_snorm_4x8", 1, "uint32", [4], ["float32"], [],
   "dst[0] = fold_pack_snorm8(src0[0]) | (fold_pack_snorm8(src0[1]) << 8) | "
   "(fold_pack_snorm8(src0[2]) << 16) | (fold_pack_snorm8(src0[3]) << 24);")
op("pack_unorm_4x8", 1, "uint32", [4], ["float32"], [],
   "dst[0] = fold_pack_unorm8(src0[0]) | (fold_pack_unorm8(src0[1]) << 8) | "
   "(fold_pack_unorm8(src0[2]) << 16) | (fold_pack_unorm8(src0[3]) << 24);")
op("unpack_snorm_2x16", 2, "float32", [1], ["uint32"], [],
   "dst[0] = fold_unpack_snorm16(src0[0]); dst[1] = fold_unpack_snorm16(src0[0] >> 16);")
op("unpack_unorm_2x16", 2, "float32", [1], ["uint32"], [],
   "dst[0] = (float)(src0[0] & 0xffff) / 65535.0f; "
   "dst[1] = (float)(src0[0] >> 16) / 65535.0f;")
op("unpack_half_2x16", 2, "float32", [1], ["uint32"], [],
   "dst[0] = util_half_to_float((uint16_t)src0[0]); "
   "dst[1] = util_half_to_float((uint16_t)(src0[0] >> 16));")
op("unpack_snorm_4x8", 4, "float32", [1], ["uint32"], [],
   "for (unsigned i = 0; i < 4; i++) dst[i] = fold_unpack_snorm8(src0[0] >> (8 * i));")
op("unpack_unorm_4x8", 4, "float32", [1], ["uint32"], [],
   "for (unsigned i = 0; i < 4; i++) dst[i] = (float)((src0[0] >> (8 * i)) & 0xff) / 255.0f;")
op("pack_64_2x32", 1, "uint64", [2], ["uint32"], [],
   "dst[0] = (uint64_t)src0[0] | ((uint64_t)src0[1] << 32);",
   description="SPIR-V PackDouble2x32 as bits")
op("unpack_64_2x32", 2, "uint32", [1], ["uint64"], [],
   "dst[0] = (uint32_t)src0[0]; dst[1] = (uint32_t)(src0[0] >> 32);")
op("pack_64_2x32_split", 0, "uint64", [0, 0], ["uint32", "uint32"], [],
   "(uint64_t)src0 | ((uint64_t)src1 << 32)")
unop_convert("unpack_64_2x32_split_x", "uint32", "uint64", "(uint32_t)src0")
unop_convert("unpack_64_2x32_split_y", "uint32", "uint64", "(uint32_t)(src0 >> 32)")
op("pack_32_2x16", 1, "uint32", [2], ["uint16"], [],
   "dst[0] = (uint32_t)src0[0] | ((uint32_t)src0[1] << 16);")
op("unpack_32_2x16", 2, "uint16", [1], ["uint32"], [],
   "dst[0] = (uint16_t)src0[0]; dst[1] = (uint16_t)(src0[0] >> 16);")
op("pack_32_4x8", 1, "uint32", [4], ["uint8"], [],
   "dst[0] = (uint32_t)src0[0] | ((uint32_t)src0[1] << 8) | ((uint32_t)src0[2] << 16) | "
   "((uint32_t)src0[3] << 24);")
op("unpack_32_4x8", 4, "uint8", [1], ["uint32"], [],
   "for (unsigned i = 0; i < 4; i++) dst[i] = (uint8_t)(src0[0] >> (8 * i));")
