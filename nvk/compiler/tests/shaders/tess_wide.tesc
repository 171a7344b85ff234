#version 450
// Wide types through the control shader's records: a dvec3 (two slots), a
// mat2 (a slot per column) per vertex, a dvec2 patch output.
layout(vertices = 2) out;
layout(location = 0) out dvec3 d[];
layout(location = 2) out mat2 mt[];
layout(location = 4) patch out dvec2 pd;
void main() {
   const int i = gl_InvocationID;
   d[gl_InvocationID] = dvec3(double(i) + 0.25, 1.0e300, -double(gl_PrimitiveID));
   mt[gl_InvocationID] = mat2(1.0, 2.0, 3.0, 4.0) * float(i + 1);
   if (i == 0) {
      pd = dvec2(3.5, double(gl_PrimitiveID) * 1.0e-300);
      gl_TessLevelOuter[0] = 1.0;
      gl_TessLevelOuter[1] = 1.0;
   }
}
