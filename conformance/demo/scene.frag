#version 450
// kiln-demo, graphics stage: Lambert + Blinn-Phong per fragment on the
// interpolated colour, with a rim term.
layout(location = 0) in vec3 v_normal;
layout(location = 1) in vec3 v_color;
layout(location = 2) in vec3 v_world;
layout(location = 0) out vec4 out_color;

void main()
{
   vec3 n = normalize(v_normal);
   vec3 l = normalize(vec3(-0.4, 0.7, 0.6));
   vec3 v = normalize(vec3(0.0, 0.0, 5.0) - v_world);
   vec3 h = normalize(l + v);
   float diffuse = max(dot(n, l), 0.0);
   float specular = pow(max(dot(n, h), 0.0), 32.0);
   float rim = pow(1.0 - max(dot(n, v), 0.0), 3.0);
   vec3 c = v_color * (0.15 + 0.85 * diffuse) + vec3(0.6) * specular + vec3(0.2, 0.3, 0.5) * rim;
   out_color = vec4(c, 1.0);
}
