#version 450
// Matrices in blocks (row and column major, arrays of matrices), push
// constants, matrix arithmetic.
layout(push_constant, std430) uniform Push {
   layout(row_major) mat3x4 model;
   float scale;
} pc;
layout(set = 0, binding = 0, std140) uniform Camera {
   mat4 view[2];
   layout(column_major) mat2 rot;
   dmat2 precise_m;
} cam;
layout(location = 0) in vec3 pos;
layout(location = 0) out vec2 uv;
void main()
{
   vec3 p = vec4(pos, 1.0) * pc.model * pc.scale;
   gl_Position = cam.view[gl_InstanceIndex & 1] * vec4(p.xyz, 1.0);
   uv = cam.rot * p.xy + vec2(cam.precise_m[0]);
   mat2 m = transpose(cam.rot) * inverse(cam.rot);
   uv += m[1] * determinant(m);
}
