#version 450
// kiln-demo, graphics stage: a lit, vertex-coloured mesh.
layout(push_constant) uniform Transform {
   mat4 mvp;   // clip from object
   mat4 model; // world from object (rotation only)
} u;
layout(location = 0) in vec3 in_pos;
layout(location = 1) in vec3 in_normal;
layout(location = 2) in vec3 in_color;
layout(location = 0) out vec3 v_normal;
layout(location = 1) out vec3 v_color;
layout(location = 2) out vec3 v_world;

void main()
{
   gl_Position = u.mvp * vec4(in_pos, 1.0);
   v_normal = mat3(u.model) * in_normal;
   v_color = in_color;
   v_world = (u.model * vec4(in_pos, 1.0)).xyz;
}
