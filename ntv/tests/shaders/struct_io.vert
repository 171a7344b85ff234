#version 450
// Arrays, matrices and structs as I/O; vertex/instance built-ins; specialization.
struct Light {
   vec3 dir;
   float power;
};
layout(constant_id = 3) const int NUM = 2;
layout(location = 0) in mat3 in_mat;
layout(location = 3) in vec4 in_arr[2];
layout(location = 0) out Light out_light;
layout(location = 2) out float out_vals[3];
layout(location = 5) flat out int out_idx;
void main()
{
   out_light.dir = in_mat * in_arr[0].xyz;
   out_light.power = in_arr[1].w * float(NUM);
   for (int i = 0; i < 3; i++)
      out_vals[i] = in_arr[i & 1][i];
   out_idx = gl_VertexIndex + gl_InstanceIndex;
   gl_Position = vec4(in_mat[0], 1.0);
}
