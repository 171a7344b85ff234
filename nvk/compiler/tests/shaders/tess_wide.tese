#version 450
// Wide types read back by the evaluation shader (see tess_wide.tesc).
layout(isolines, equal_spacing, point_mode) in;
layout(location = 0) in dvec3 d[];
layout(location = 2) in mat2 mt[];
layout(location = 4) patch in dvec2 pd;
layout(location = 0) out vec4 a;
layout(location = 1) out vec4 b;
void main() {
   gl_Position = vec4(0.0, 0.0, 0.0, 1.0);
   a = vec4(float(d[1].x), float(d[1].y * 1.0e-300), float(d[0].z), mt[1][1].x);
   b = vec4(float(pd.x), float(pd.y * 1.0e300), mt[0][0].y, mt[1][0].x);
}
